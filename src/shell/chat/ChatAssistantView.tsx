import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useI18n } from '../i18n/I18nProvider';
import { chatApi } from './api';
import { useChat } from './runtime';
import { DialogueSlotPane, useChatColours } from './ChatPanel';
import './chat.css';

/** The built-in assistant robot's name, as the server seeds it; the contact search finds it by name. */
const ASSISTANT_NAME = '智能助手';

type Finding = 'finding' | 'missing' | 'failed' | 'ready';

/** The "chat assistant" view (vue_path chat/assistant): the dialogue with the assistant robot, as a page. */
export default function ChatAssistantView() {
  const { t } = useI18n();
  const chat = useChat();
  const colours = useChatColours();
  const [finding, setFinding] = useState<Finding>('finding');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!chat) return;
    let cancelled = false;
    chatApi
      .contacts(ASSISTANT_NAME)
      .then(async (rows) => {
        const robots = rows.filter((row) => row.is_robot === 1);
        const robot = robots.find((row) => row.name === ASSISTANT_NAME) ?? robots[0];
        if (!robot) {
          if (!cancelled) setFinding('missing');
          return;
        }
        await chat.startWith('assistant', robot.id);
        if (!cancelled) setFinding('ready');
      })
      .catch(() => !cancelled && setFinding('failed'));
    return () => {
      cancelled = true;
    };
  }, [chat, attempt]);

  if (finding === 'missing') return <Result status="info" title={t('chat.assistantMissing')} />;
  if (finding === 'failed')
    return (
      <Result
        status="warning"
        title={t('chat.loadFailed')}
        extra={
          <Button
            onClick={() => {
              setFinding('finding');
              setAttempt((n) => n + 1);
            }}
          >
            {t('chat.retry')}
          </Button>
        }
      />
    );
  if (!chat || finding === 'finding') return <Spin className="chat-center" />;
  return (
    <div className="chat-view" style={colours} data-testid="chat-assistant">
      <DialogueSlotPane chat={chat} slot="assistant" visible />
    </div>
  );
}
