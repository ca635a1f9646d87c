import { indexName, type ChatRecord } from '../../contract/api/chat';
import type { MessageContent, ReadContent } from '../../contract/chat';
import { languageStore } from '../i18n/language-store';
import { translate } from '../i18n/translate';
import { LOADING, type ChatCore, type Conversation } from './chat-state';
import { recordsAfter } from './catch-up';
import type { DialogueSlot, Dialogues } from './dialogues';
import type { OutboxStore } from './outbox-store';
import type { ReadReceipts } from './read-receipts';
import { contiguousEnd, conversationOf, mergeRecords, previewKey } from './records';
import type { SessionList } from './session-list';
import { patchSession } from './sessions';
import type { Typing } from './typing';

/** The session list's line for a message that just came in, in the console's language. */
function previewText(record: ChatRecord): string {
  const key = previewKey(record.msg_type);
  if (!key) return record.content;
  return translate(languageStore.get(), key, { name: record.extra.name ?? record.content });
}

export type LiveRecords = ReturnType<typeof createLiveRecords>;

interface LiveRecordsParts {
  dialogues: Dialogues;
  reads: ReadReceipts;
  sessions: SessionList;
  outbox: OutboxStore;
  typing: Typing;
}

/**
 * Records, wherever they come from (the socket, the publish answer, a catch-up), put into the open
 * dialogues and the session list each once; and read receipts from the other side.
 */
export function createLiveRecords({ me, api, state, patch, sessionOf }: ChatCore, { dialogues, reads, sessions, outbox, typing }: LiveRecordsParts) {
  /** Puts records of one conversation into its open dialogues and its session row, each record once. */
  function applyRecords(conversation: Conversation & { index_name: string }, records: ChatRecord[]) {
    if (records.length === 0) return;
    const mine = new Set(records.filter((r) => r.send_id === me).map((r) => r.client_msg_id));
    if (mine.size > 0) outbox.remove((entry) => mine.has(entry.client_msg_id));
    let reading = false;
    for (const [slot, store] of dialogues.all) {
      const dialogue = store.get();
      if (dialogue?.index_name !== conversation.index_name) continue;
      const merged = mergeRecords(dialogue.records, records);
      if (merged === dialogue.records) continue;
      const known = new Set(dialogue.records.map((r) => r.id));
      const othersNew = records.filter((r) => !known.has(r.id) && r.send_id !== me).length;
      const bubble = dialogues.view(slot).atBottom ? 0 : othersNew;
      store.set({ ...dialogue, records: merged, unreadBubble: dialogue.unreadBubble + bubble });
      if (dialogues.isReading(slot)) {
        reading = true;
        reads.markRead(slot);
      }
    }
    const session = sessionOf(conversation.index_name);
    if (!session) {
      // A conversation someone else started: the server has its row.
      sessions.reloadSoon();
      return;
    }
    const newer = records.filter((r) => r.sequence > session.last_sequence);
    if (newer.length === 0) return;
    const last = newer.reduce((a, b) => (b.sequence > a.sequence ? b : a));
    const unread = reading ? 0 : session.un_read_num + newer.filter((r) => r.send_id !== me && r.send_id > 0).length;
    patch((s) => ({
      sessions: patchSession(s.sessions, session.index_name, () => ({
        content: last.content,
        msg_text: previewText(last),
        last_sequence: last.sequence,
        updated_at: Math.max(session.updated_at, last.created_at),
        un_read_num: unread,
      })),
    }));
  }

  const catchingUp = new Set<DialogueSlot>();
  /**
   * Whatever a dialogue missed, asked after the last sequence it holds without a gap. One at a time
   * per dialogue; a dialogue still loading its first page gets the newest records from that page.
   */
  async function catchUpDialogue(slot: DialogueSlot) {
    const dialogue = dialogues.store(slot).get();
    if (!dialogue || catchingUp.has(slot) || (dialogue.loadStatus === LOADING && dialogue.records.length === 0)) return;
    catchingUp.add(slot);
    const { index_name, talk } = dialogue;
    const conversation = { talk_type: talk.talk_type, receiver_id: talk.receiver_id };
    try {
      const missed = await recordsAfter(api.records, conversation, contiguousEnd(dialogue.records));
      applyRecords({ ...conversation, index_name }, missed);
    } catch {
      // The next reconnect (or gap) tries again; live messages keep coming meanwhile.
    } finally {
      catchingUp.delete(slot);
    }
  }

  return {
    applyRecords,
    /** After a reconnect: every open dialogue catches up. */
    catchUp: () => Promise.all([...dialogues.all.keys()].map(catchUpDialogue)),
    onMessage(content: MessageContent) {
      const conversation = conversationOf(content, me);
      applyRecords(conversation, [content.data]);
      // A sequence beyond a gap means a message passed this socket by: fetch what is missing.
      for (const [slot, store] of dialogues.all) {
        const records = store.get()?.index_name === conversation.index_name ? store.get()!.records : null;
        if (records && contiguousEnd(records) < records.at(-1)!.sequence) void catchUpDialogue(slot);
      }
      const typist = state.get().typing[conversation.index_name];
      if (typist?.sender_id === content.data.send_id) typing.stop(conversation.index_name);
    },
    onRead(content: ReadContent) {
      if (content.sender_id === me && content.talk_type === 1) return; // our own receipt, seen from another tab
      const index_name = content.talk_type === 2 ? indexName(2, content.receiver_id) : indexName(1, content.sender_id === me ? content.receiver_id : content.sender_id);
      const ids = new Set(content.ids);
      for (const store of dialogues.all.values()) {
        const dialogue = store.get();
        if (dialogue?.index_name !== index_name || !dialogue.records.some((r) => ids.has(r.id) && !r.is_read)) continue;
        store.set({ ...dialogue, records: dialogue.records.map((r) => (ids.has(r.id) ? { ...r, is_read: 1 } : r)) });
      }
    },
  };
}
