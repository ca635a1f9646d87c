import { Empty } from 'antd';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import type { ChatController } from './chat-store';
import type { DialogueSlot } from './dialogues';
import { DialoguePane } from './DialoguePane';
import { SessionList } from './SessionList';
import { useChatColours } from './colours';
import './chat.css';

/** A dialogue slot as a pane: the chosen dialogue, or a hint to choose one. */
export function DialogueSlotPane({ chat, slot, visible }: { chat: ChatController; slot: DialogueSlot; visible: boolean }) {
  const { t } = useI18n();
  const dialogue = useStore(chat.dialogue(slot));
  if (!dialogue)
    return (
      <section className="chat-dialogue chat-dialogue--empty">
        <Empty description={t('chat.pickSession')} />
      </section>
    );
  return (
    <DialoguePane
      key={dialogue.index_name}
      chat={chat}
      slot={slot}
      dialogue={dialogue}
      visible={visible}
      onBack={slot === 'panel' ? () => chat.closeDialogue(slot) : undefined}
    />
  );
}

/** The chat: sessions on the left, the chosen dialogue on the right. */
export function ChatPanel({ chat, visible }: { chat: ChatController; visible: boolean }) {
  const active = useStore(chat.dialogue('panel'));
  return (
    <div className="chat-panel" style={useChatColours()} data-testid="chat-panel">
      <SessionList chat={chat} activeIndex={active?.index_name} />
      <DialogueSlotPane chat={chat} slot="panel" visible={visible} />
    </div>
  );
}
