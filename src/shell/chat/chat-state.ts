import type { ChatSession, TalkType } from '../../contract/api/chat';
import { createStore, type Store } from '../store';
import { chatApi } from './api';
import { readOutbox, type OutboxEntry } from './outbox';
import { createChatSocket, type ChatSocket, type SocketStatus } from './socket-client';

/** Spec §4: 2 loading, 3 done, 4 failed. */
export type LoadStatus = 2 | 3 | 4;
export const LOADING = 2;
export const LOADED = 3;
export const FAILED = 4;

export interface ChatState {
  socket: SocketStatus;
  /** The session list: 2 loading, 3 done, 4 failed. */
  loadStatus: LoadStatus;
  /** Pinned first, then newest first. */
  sessions: ChatSession[];
  outbox: OutboxEntry[];
  /** index_name → who is typing there, shown until `until` (ms). */
  typing: Record<string, { sender_id: number; until: number }>;
}

export interface ChatDeps {
  user: { id: number; name: string };
  api?: typeof chatApi;
  socket?: ChatSocket;
  storage?: Storage;
  now?: () => number;
}

export type Conversation = { talk_type: TalkType; receiver_id: number };

type Timer = ReturnType<typeof setTimeout>;

/**
 * What every part of one user's chat shares: who they are, the API and the socket, the clock and
 * its timers (all cleared when the chat stops), and the state the views read.
 */
export interface ChatCore {
  me: number;
  api: typeof chatApi;
  storage: Storage;
  now: () => number;
  socket: ChatSocket;
  state: Store<ChatState>;
  patch(change: Partial<ChatState> | ((s: ChatState) => Partial<ChatState>)): void;
  later(ms: number, run: () => void): Timer;
  cancel(timer: Timer | undefined): void;
  clearTimers(): void;
  sessionOf(index_name: string): ChatSession | undefined;
}

export function createChatCore(deps: ChatDeps): ChatCore {
  const me = deps.user.id;
  const api = deps.api ?? chatApi;
  const storage = deps.storage ?? localStorage;
  const socket = deps.socket ?? createChatSocket({ user: deps.user, ticket: api.ticket });
  const state = createStore<ChatState>({
    socket: socket.status,
    loadStatus: LOADING,
    sessions: [],
    outbox: readOutbox(storage, me).map((entry) => ({ ...entry, state: 'sending' })),
    typing: {},
  });
  const timers = new Set<Timer>();
  return {
    me,
    api,
    storage,
    now: deps.now ?? Date.now,
    socket,
    state,
    patch: (change) => state.set((s) => ({ ...s, ...(typeof change === 'function' ? change(s) : change) })),
    later(ms, run) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
      return timer;
    },
    cancel(timer) {
      if (timer === undefined) return;
      clearTimeout(timer);
      timers.delete(timer);
    },
    clearTimers() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    sessionOf: (index_name) => state.get().sessions.find((row) => row.index_name === index_name),
  };
}
