import { indexName } from '../../contract/api/chat';
import type { ChatCore, Conversation } from './chat-state';

/** A drafted text is saved to the server this long after the last keystroke, in ms. */
export const DRAFT_DELAY = 800;

/** Keeps the text the user left in a session's editor: at once in the list, soon after on the server. */
export function createDrafts({ me, api, patch, later, cancel, sessionOf }: ChatCore) {
  const draftTimers = new Map<string, ReturnType<typeof setTimeout>>();
  return function setDraft(talk: Conversation, text: string) {
    const index_name = indexName(talk.talk_type, talk.receiver_id);
    const session = sessionOf(index_name);
    if (!session || session.draft_text === text) return;
    patch((s) => ({ sessions: s.sessions.map((row) => (row.index_name === index_name ? { ...row, draft_text: text } : row)) }));
    cancel(draftTimers.get(index_name));
    draftTimers.set(
      index_name,
      later(DRAFT_DELAY, () => {
        draftTimers.delete(index_name);
        api.saveDraft({ send_id: me, ...talk, draft_text: text }).catch(() => undefined);
      }),
    );
  };
}
