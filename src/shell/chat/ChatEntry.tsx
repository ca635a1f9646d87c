import { lazy, Suspense, useState } from 'react';
import { Badge, Button } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { chatPanelStore, chatStore } from './runtime';
import { unreadTotal } from './sessions';
import type { ChatController } from './chat-store';

// The panel (lists, virtualised history, editor) downloads the first time someone opens it.
const ChatDrawer = lazy(() => import('./ChatDrawer'));

function UnreadBadge({ chat, children }: { chat: ChatController; children: React.ReactNode }) {
  const { sessions } = useStore(chat.state);
  return (
    <Badge count={unreadTotal(sessions)} size="small" overflowCount={99}>
      {children}
    </Badge>
  );
}

/** The header's chat button: the unread count of every session that is not muted, and the chat panel. */
export function ChatEntry() {
  const { t } = useI18n();
  const chat = useStore(chatStore);
  const open = useStore(chatPanelStore);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  const button = (
    <Button
      type="text"
      icon={<MessageOutlined />}
      aria-label={t('chat.title')}
      title={t('chat.title')}
      data-testid="chat-entry"
      onClick={() => chatPanelStore.set(true)}
    />
  );
  return (
    <>
      {chat ? <UnreadBadge chat={chat}>{button}</UnreadBadge> : button}
      {wanted && (
        <Suspense fallback={null}>
          <ChatDrawer />
        </Suspense>
      )}
    </>
  );
}
