import { indexName, type ChatSession } from '../../contract/api/chat';
import type { ContactStatusContent } from '../../contract/chat';
import { FAILED, LOADED, LOADING, type ChatCore } from './chat-state';
import type { Dialogues } from './dialogues';
import { sortSessions } from './sessions';

const SESSIONS_RELOAD_DELAY = 300;

export type SessionList = ReturnType<typeof createSessionList>;

/** The session list as the server reads it, with the presence the socket told since. */
export function createSessionList({ me, api, state, patch, later, cancel }: ChatCore, dialogues: Dialogues) {
  let sessionsLoad = 0;
  /**
   * Presence the socket told, by index_name, with the number of the newest list read sent before it.
   * The list and the socket are two lines: a list answer can arrive after a status the server sent
   * later than it read that list, and must not turn a contact who just came online back offline.
   */
  const presenceHeard = new Map<string, { status: ContactStatusContent['status']; afterLoad: number }>();
  const withPresenceHeard = (rows: ChatSession[], load: number): ChatSession[] => {
    const merged = rows.map((row) => {
      const heard = presenceHeard.get(row.index_name);
      return heard && heard.afterLoad >= load && !row.is_robot ? { ...row, is_online: heard.status } : row;
    });
    // What was heard before this read went out, the server had counted in its answer.
    for (const [index_name, heard] of presenceHeard) if (heard.afterLoad < load) presenceHeard.delete(index_name);
    return merged;
  };

  async function load(): Promise<void> {
    const mine = ++sessionsLoad;
    // A reload after a reconnect keeps the list on screen; only a first load shows the spinner.
    if (state.get().loadStatus !== LOADED) patch({ loadStatus: LOADING });
    try {
      const answer = await api.sessions({ send_id: me });
      if (mine !== sessionsLoad) return;
      const rows = withPresenceHeard(answer, mine);
      // Dialogues being read have nothing unread, whatever the list said a moment ago.
      const reading = new Set([...dialogues.all.keys()].filter(dialogues.isReading).map((slot) => dialogues.store(slot).get()!.index_name));
      patch({ sessions: sortSessions(rows.map((row) => (reading.has(row.index_name) ? { ...row, un_read_num: 0 } : row))), loadStatus: LOADED });
      // Open dialogues take the presence the list reports.
      for (const [slot, store] of dialogues.all) {
        const row = rows.find((r) => r.index_name === store.get()?.index_name);
        if (row && row.talk_type === 1 && !row.is_robot && store.get()!.online !== (row.is_online === 1)) dialogues.set(slot, () => ({ online: row.is_online === 1 }));
      }
    } catch {
      if (mine === sessionsLoad && state.get().loadStatus !== LOADED) patch({ loadStatus: FAILED });
    }
  }

  let sessionsReload: ReturnType<typeof setTimeout> | undefined;

  return {
    load,
    reloadSoon() {
      cancel(sessionsReload);
      sessionsReload = later(SESSIONS_RELOAD_DELAY, () => void load());
    },
    /** A contact came online or went away: their row and open dialogues show it at once. */
    onContactStatus({ user_id, status }: ContactStatusContent) {
      const index_name = indexName(1, user_id);
      presenceHeard.set(index_name, { status, afterLoad: sessionsLoad });
      patch((s) => ({ sessions: s.sessions.map((row) => (row.index_name === index_name && !row.is_robot ? { ...row, is_online: status } : row)) }));
      for (const [slot, store] of dialogues.all) {
        const dialogue = store.get();
        if (dialogue?.index_name === index_name && !dialogue.is_robot) dialogues.set(slot, () => ({ online: status === 1 }));
      }
    },
  };
}
