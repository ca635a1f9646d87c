import type { ChatCore, Conversation } from './chat-state';
import type { DialogueSlot, Dialogues } from './dialogues';

/** Read receipts and unread clears of a burst of messages go out together after this, in ms. */
const READ_DELAY = 300;

export type ReadReceipts = ReturnType<typeof createReadReceipts>;

/**
 * What the user has read: the session list's unread counts cleared at once, and the receipts for
 * others' messages and the server's unread clears sent together, a moment later.
 */
export function createReadReceipts({ me, api, patch, later, sessionOf }: ChatCore, dialogues: Dialogues) {
  const reviewed = new Set<number>();
  const pendingReads = new Map<string, { talk: Conversation; ids: Set<number> }>();
  let readTimer: ReturnType<typeof setTimeout> | undefined;

  function sendReadsSoon() {
    if (readTimer !== undefined) return;
    readTimer = later(READ_DELAY, () => {
      readTimer = undefined;
      const batch = [...pendingReads.values()];
      pendingReads.clear();
      for (const { talk, ids } of batch) {
        const list = [...ids];
        const conversation = { talk_type: talk.talk_type, receiver_id: talk.receiver_id };
        for (let at = 0; at < list.length; at += 500) api.review({ ...conversation, ids: list.slice(at, at + 500) }).catch(() => undefined);
        api.clearUnread(conversation).catch(() => undefined);
      }
    });
  }

  function clearUnread(index_name: string) {
    const session = sessionOf(index_name);
    if (!session) return;
    if (session.un_read_num > 0) patch((s) => ({ sessions: s.sessions.map((row) => (row.index_name === index_name ? { ...row, un_read_num: 0 } : row)) }));
    const pending = pendingReads.get(index_name) ?? { talk: { talk_type: session.talk_type, receiver_id: session.receiver_id }, ids: new Set<number>() };
    pendingReads.set(index_name, pending);
    sendReadsSoon();
  }

  /** Others' messages of a dialogue the user is reading: their senders get a read receipt. */
  function markRead(slot: DialogueSlot) {
    const dialogue = dialogues.store(slot).get();
    if (!dialogue) return;
    const fresh = dialogue.records.filter((r) => r.send_id > 0 && r.send_id !== me && !reviewed.has(r.id) && !(r.talk_type === 1 && r.is_read));
    const session = sessionOf(dialogue.index_name);
    if (fresh.length === 0 && !session?.un_read_num) return;
    const pending = pendingReads.get(dialogue.index_name) ?? { talk: dialogue.talk, ids: new Set<number>() };
    for (const record of fresh) {
      reviewed.add(record.id);
      pending.ids.add(record.id);
    }
    pendingReads.set(dialogue.index_name, pending);
    clearUnread(dialogue.index_name);
  }

  return {
    clearUnread,
    markRead,
    /** The view tells whether the slot is on screen; a dialogue being read gets its messages marked read. */
    setVisible(slot: DialogueSlot, visible: boolean) {
      dialogues.setView(slot, { visible });
      if (visible) markRead(slot);
    },
  };
}
