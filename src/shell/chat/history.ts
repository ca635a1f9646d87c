import { indexName } from '../../contract/api/chat';
import { FAILED, LOADED, LOADING, type ChatCore } from './chat-state';
import type { DialogueSlot, Dialogues, InputContact } from './dialogues';
import type { ReadReceipts } from './read-receipts';
import { mergeRecords } from './records';
import { editorVisible } from './sessions';

/** Records per history page. */
export const PAGE_SIZE = 30;

/** Opening a dialogue and paging back through its history, newest page first. */
export function createHistory({ api }: ChatCore, dialogues: Dialogues, reads: ReadReceipts) {
  const historyLoads = new Map<DialogueSlot, { index_name: string; done: Promise<void> }>();

  /** The next older page of the slot's dialogue (the newest one first); one load at a time. */
  function loadOlder(slot: DialogueSlot): Promise<void> {
    const start = dialogues.store(slot).get();
    if (!start) return Promise.resolve();
    const running = historyLoads.get(slot);
    if (running?.index_name === start.index_name) return running.done;
    if (!start.hasOlder) return Promise.resolve();
    const { index_name, talk, cursor } = start;
    dialogues.set(slot, () => ({ loadStatus: LOADING }));
    const load = { index_name, done: Promise.resolve() };
    load.done = (async () => {
      try {
        const page = await api.records({ talk_type: talk.talk_type, receiver_id: talk.receiver_id, record_id: cursor, limit: PAGE_SIZE });
        if (dialogues.store(slot).get()?.index_name !== index_name) return;
        dialogues.set(slot, (d) => ({
          records: mergeRecords(d.records, page.rows),
          cursor: page.record_id,
          hasOlder: page.record_id > 0,
          loadStatus: LOADED,
        }));
        if (dialogues.isReading(slot)) reads.markRead(slot);
      } catch {
        if (dialogues.store(slot).get()?.index_name === index_name) dialogues.set(slot, () => ({ loadStatus: FAILED }));
      } finally {
        if (historyLoads.get(slot) === load) historyLoads.delete(slot);
      }
    })();
    historyLoads.set(slot, load);
    return load.done;
  }

  /**
   * Spec §4 dialogue: choosing one sets `online` from is_online == 1, clears the records and the
   * unread count, and shows the editor when is_robot == 0 or is_talk == 1; its newest page loads.
   */
  function choose(slot: DialogueSlot, contact: InputContact) {
    const index_name = indexName(contact.talk_type, contact.receiver_id);
    dialogues.store(slot).set({
      index_name,
      talk: { username: contact.remark || contact.name, talk_type: contact.talk_type, receiver_id: contact.receiver_id },
      records: [],
      unreadBubble: 0,
      isShowEditor: editorVisible(contact),
      online: contact.is_online === 1,
      is_robot: contact.is_robot === 1,
      loadStatus: LOADING,
      cursor: 0,
      hasOlder: true,
    });
    dialogues.setView(slot, { atBottom: true });
    reads.clearUnread(index_name);
    void loadOlder(slot);
  }

  return { choose, loadOlder };
}
