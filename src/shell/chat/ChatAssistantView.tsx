import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { RequestError } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import { useChat } from './runtime';
import { DialogueSlotPane } from './ChatPanel';
import { useChatColours } from './colours';
import './chat.css';

type Opening = 'opening' | 'missing' | 'failed' | 'ready';

/**
 * The "chat assistant" view (vue_path chat/assistant): the dialogue with the built-in assistant
 * robot, as a page of its own. The server finds the robot by its role, not by a name that an admin
 * may change, and opens the caller's session with it.
 */
export default function ChatAssistantView() {
  const { t } = useI18n();
  const chat = useChat();
  const colours = useChatColours();
  const [opening, setOpening] = useState<Opening>('opening');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!chat) return;
    let cancelled = false;
    chat
      .startWithAssistant('assistant')
      .then(() => !cancelled && setOpening('ready'))
      .catch((error: unknown) => !cancelled && setOpening(error instanceof RequestError && Number(error.code) === 404 ? 'missing' : 'failed'));
    return () => {
      cancelled = true;
    };
  }, [chat, attempt]);

  if (opening === 'missing') return <Result status="info" title={t('chat.assistantMissing')} />;
  if (opening === 'failed')
    return (
      <Result
        status="warning"
        title={t('chat.loadFailed')}
        extra={
          <Button
            onClick={() => {
              setOpening('opening');
              setAttempt((n) => n + 1);
            }}
          >
            {t('chat.retry')}
          </Button>
        }
      />
    );
  if (!chat || opening === 'opening') return <Spin className="chat-center" />;
  return (
    <div className="chat-view" style={colours} data-testid="chat-assistant">
      <DialogueSlotPane chat={chat} slot="assistant" visible />
    </div>
  );
}
