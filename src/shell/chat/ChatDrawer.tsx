import { Drawer } from 'antd';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { chatPanelStore, chatStore } from './runtime';
import { ChatPanel } from './ChatPanel';

/** Wide enough for the list and a comfortable dialogue; the whole screen on a phone. */
const DRAWER_WIDTH = 'min(980px, 100vw)';

/** The header entry's chat panel, in a drawer over whatever page is open. */
export default function ChatDrawer() {
  const { t } = useI18n();
  const open = useStore(chatPanelStore);
  const chat = useStore(chatStore);
  return (
    <Drawer
      className="chat-drawer"
      rootClassName="chat-drawer-root"
      title={t('chat.title')}
      size={DRAWER_WIDTH}
      open={open}
      onClose={() => chatPanelStore.set(false)}
      styles={{ body: { padding: 0, display: 'flex' } }}
    >
      {chat && <ChatPanel chat={chat} visible={open} />}
    </Drawer>
  );
}
