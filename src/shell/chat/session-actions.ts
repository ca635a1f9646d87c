import { RECORDS_LIMIT_MAX, type ChatSession } from '../../contract/api/chat';
import type { ChatCore, Conversation } from './chat-state';
import { contactOfSession, type DialogueSlot, type Dialogues, type InputContact } from './dialogues';
import { patchSession, upsertSession } from './sessions';

/** What the user does to sessions: pin, mute, delete, start one with a user or the assistant, make or leave a group. */
export function createSessionActions({ me, api, patch }: ChatCore, dialogues: Dialogues, choose: (slot: DialogueSlot, contact: InputContact) => void) {
  /** Puts a session the server answered into the list and opens its dialogue. */
  function open(slot: DialogueSlot, session: ChatSession): ChatSession {
    patch((s) => ({ sessions: upsertSession(s.sessions, session) }));
    choose(slot, contactOfSession(session));
    return session;
  }

  function forget(session: ChatSession) {
    patch((s) => ({ sessions: s.sessions.filter((row) => row.index_name !== session.index_name) }));
    dialogues.closeConversation(session.index_name);
  }

  async function saveFlags(session: ChatSession, flags: { is_top?: 0 | 1; is_disturb?: 0 | 1 }) {
    patch((s) => ({ sessions: patchSession(s.sessions, session.index_name, () => flags) }));
    try {
      await api.saveSession({ send_id: me, talk_type: session.talk_type, receiver_id: session.receiver_id, ...flags });
    } catch {
      // Put back what the server did not take.
      const before = { is_top: session.is_top, is_disturb: session.is_disturb };
      patch((s) => ({ sessions: patchSession(s.sessions, session.index_name, () => before) }));
    }
  }

  return {
    setTop: (session: ChatSession, top: boolean) => saveFlags(session, { is_top: top ? 1 : 0 }),
    setMuted: (session: ChatSession, muted: boolean) => saveFlags(session, { is_disturb: muted ? 1 : 0 }),
    async deleteSession(session: ChatSession) {
      await api.deleteSession({ send_id: me, talk_type: session.talk_type, receiver_id: session.receiver_id });
      forget(session);
    },
    /** Opens (creating if need be) the private session with a user, then its dialogue. */
    startWith: async (slot: DialogueSlot, userId: number) => open(slot, await api.saveSession({ send_id: me, receiver_id: userId, talk_type: 1 })),
    /** Opens the built-in assistant robot's session (the server creates it on first use), then its dialogue. */
    startWithAssistant: async (slot: DialogueSlot) => open(slot, await api.assistant()),
    createGroup: async (slot: DialogueSlot, name: string, memberIds: number[]) => open(slot, await api.createGroup({ name, member_ids: memberIds })),
    async leaveGroup(session: ChatSession) {
      await api.leave(session.receiver_id);
      forget(session);
    },
    /** Records of a conversation the user is not reading, newest page first (the speech view). */
    recordsPage: (talk: Conversation, record_id: number) =>
      api.records({ talk_type: talk.talk_type, receiver_id: talk.receiver_id, record_id, limit: RECORDS_LIMIT_MAX }),
  };
}
