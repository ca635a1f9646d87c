import {
  MSG_TEXT, RECORDS_LIMIT_MAX, indexName, type ChatRecord, type ChatSession, type MessageExtra, type PublishBody,
  type TalkType,
} from '../../contract/api/chat';
import type { ContactStatusContent, KeyboardContent, MessageContent, ReadContent } from '../../contract/chat';
import { Code } from '../../contract/envelope';
import { createStore, type ReadableStore, type Store } from '../store';
import { RequestError } from '../request/client';
import { languageStore } from '../i18n/language-store';
import { shellEvents } from '../events';
import { translate } from '../i18n/translate';
import { chatApi } from './api';
import { recordsAfter } from './catch-up';
import { newClientMsgId, readOutbox, writeOutbox, type OutboxEntry } from './outbox';
import { contiguousEnd, conversationOf, mergeRecords, previewKey } from './records';
import { editorVisible, patchSession, sortSessions, upsertSession } from './sessions';
import { createChatSocket, type ChatSocket, type SocketStatus } from './socket-client';

/** Spec §4: 2 loading, 3 done, 4 failed. */
export type LoadStatus = 2 | 3 | 4;
export const LOADING = 2;
export const LOADED = 3;
export const FAILED = 4;

/** Records per history page. */
export const PAGE_SIZE = 30;
/** A drafted text is saved to the server this long after the last keystroke, in ms. */
export const DRAFT_DELAY = 800;
/** Typing frames go out at most this often while the user types, in ms. */
export const TYPING_THROTTLE = 3000;
/** How long "typing…" shows after the last typing frame, in ms; a little over the throttle. */
export const TYPING_SHOW = 5000;
/** Read receipts and unread clears of a burst of messages go out together after this, in ms. */
const READ_DELAY = 300;
const SESSIONS_RELOAD_DELAY = 300;

/** Spec §3 input contact: what a dialogue is opened with. */
export interface InputContact {
  is_online: number;
  remark: string;
  name: string;
  talk_type: TalkType;
  receiver_id: number;
  is_robot: number;
  is_talk: number;
}

/** Spec §3 dialogue state, plus where its history stands. */
export interface DialogueState {
  index_name: string;
  talk: { username: string; talk_type: TalkType; receiver_id: number };
  /** Oldest first. */
  records: ChatRecord[];
  /** Messages that came in while the user was scrolled up: the "new messages" bubble. */
  unreadBubble: number;
  isShowEditor: boolean;
  online: boolean;
  is_robot: boolean;
  /** Older history: 2 loading, 3 loaded, 4 failed. */
  loadStatus: LoadStatus;
  /** Cursor of the next older page (record_id); meaningful while hasOlder. */
  cursor: number;
  hasOlder: boolean;
}

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

/** Where a dialogue is drawn: the chat panel, or the assistant view (a tab of its own). */
export type DialogueSlot = 'panel' | 'assistant';

export interface ChatDeps {
  user: { id: number; name: string };
  api?: typeof chatApi;
  socket?: ChatSocket;
  storage?: Storage;
  now?: () => number;
}

type Conversation = { talk_type: TalkType; receiver_id: number };

/** The contact fields of a session row, to open its dialogue. */
export function contactOfSession(session: ChatSession): InputContact {
  const { is_online, remark, name, talk_type, receiver_id, is_robot, is_talk } = session;
  return { is_online, remark, name, talk_type, receiver_id, is_robot, is_talk };
}

/** The session list's line for a message that just came in, in the console's language. */
function previewText(record: ChatRecord): string {
  const key = previewKey(record.msg_type);
  if (!key) return record.content;
  return translate(languageStore.get(), key, { name: record.extra.name ?? record.content });
}

/** A failure the next try may get past (no connection, a server error); 4xx answers are final. */
function transient(error: unknown): boolean {
  return !(error instanceof RequestError) || error.status === 0 || error.status >= 500;
}

/**
 * Answers to a socket publish that are about the login rather than the message: the request client
 * knows what to do with them (lock the screen, refresh the token, sign out), so HTTP sends it again.
 */
const LOGIN_CODES: ReadonlySet<number> = new Set([Code.locked, Code.unauthorized, Code.tokenExpired]);

export type ChatController = ReturnType<typeof createChat>;

/**
 * The signed-in user's chat: the session list, the open dialogues, typing and read state, and the
 * outbox, kept in step with the /chat/ws socket and the chat API. Plain state with no React in it;
 * views read it through useStore.
 */
export function createChat(deps: ChatDeps) {
  const me = deps.user.id;
  const api = deps.api ?? chatApi;
  const storage = deps.storage ?? localStorage;
  const now = deps.now ?? Date.now;
  const socket = deps.socket ?? createChatSocket({ user: deps.user, ticket: api.ticket });

  const state = createStore<ChatState>({
    socket: socket.status,
    loadStatus: LOADING,
    sessions: [],
    outbox: readOutbox(storage, me).map((entry) => ({ ...entry, state: 'sending' })),
    typing: {},
  });
  const dialogues = new Map<DialogueSlot, Store<DialogueState | null>>();
  const shown = new Map<DialogueSlot, { visible: boolean; atBottom: boolean }>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
    return timer;
  };
  const cancel = (timer: ReturnType<typeof setTimeout> | undefined) => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timers.delete(timer);
  };

  const patch = (change: Partial<ChatState> | ((s: ChatState) => Partial<ChatState>)) =>
    state.set((s) => ({ ...s, ...(typeof change === 'function' ? change(s) : change) }));

  // ——— sessions ———

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

  async function loadSessions(): Promise<void> {
    const mine = ++sessionsLoad;
    // A reload after a reconnect keeps the list on screen; only a first load shows the spinner.
    if (state.get().loadStatus !== LOADED) patch({ loadStatus: LOADING });
    try {
      const answer = await api.sessions({ send_id: me });
      if (mine !== sessionsLoad) return;
      const rows = withPresenceHeard(answer, mine);
      // Dialogues being read have nothing unread, whatever the list said a moment ago.
      const reading = new Set([...dialogues.keys()].filter(isReading).map((slot) => dialogues.get(slot)!.get()!.index_name));
      patch({ sessions: sortSessions(rows.map((row) => (reading.has(row.index_name) ? { ...row, un_read_num: 0 } : row))), loadStatus: LOADED });
      // Open dialogues take the presence the list reports.
      for (const [slot, store] of dialogues) {
        const row = rows.find((r) => r.index_name === store.get()?.index_name);
        if (row && row.talk_type === 1 && !row.is_robot && store.get()!.online !== (row.is_online === 1)) setDialogue(slot, () => ({ online: row.is_online === 1 }));
      }
    } catch {
      if (mine === sessionsLoad && state.get().loadStatus !== LOADED) patch({ loadStatus: FAILED });
    }
  }

  let sessionsReload: ReturnType<typeof setTimeout> | undefined;
  const reloadSessionsSoon = () => {
    cancel(sessionsReload);
    sessionsReload = later(SESSIONS_RELOAD_DELAY, () => void loadSessions());
  };

  const sessionOf = (index_name: string) => state.get().sessions.find((row) => row.index_name === index_name);

  function putSession(session: ChatSession) {
    patch((s) => ({ sessions: upsertSession(s.sessions, session) }));
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

  async function deleteSession(session: ChatSession) {
    await api.deleteSession({ send_id: me, talk_type: session.talk_type, receiver_id: session.receiver_id });
    patch((s) => ({ sessions: s.sessions.filter((row) => row.index_name !== session.index_name) }));
    for (const [slot, dialogue] of dialogues) if (dialogue.get()?.index_name === session.index_name) closeDialogue(slot);
  }

  /** Opens (creating if need be) the private session with a user, then its dialogue. */
  async function startWith(slot: DialogueSlot, userId: number): Promise<ChatSession> {
    const session = await api.saveSession({ send_id: me, receiver_id: userId, talk_type: 1 });
    putSession(session);
    choose(slot, contactOfSession(session));
    return session;
  }

  /** Opens the built-in assistant robot's session (the server creates it on first use), then its dialogue. */
  async function startWithAssistant(slot: DialogueSlot): Promise<ChatSession> {
    const session = await api.assistant();
    putSession(session);
    choose(slot, contactOfSession(session));
    return session;
  }

  async function createGroup(slot: DialogueSlot, name: string, memberIds: number[]): Promise<ChatSession> {
    const session = await api.createGroup({ name, member_ids: memberIds });
    putSession(session);
    choose(slot, contactOfSession(session));
    return session;
  }

  async function leaveGroup(session: ChatSession) {
    await api.leave(session.receiver_id);
    patch((s) => ({ sessions: s.sessions.filter((row) => row.index_name !== session.index_name) }));
    for (const [slot, dialogue] of dialogues) if (dialogue.get()?.index_name === session.index_name) closeDialogue(slot);
  }

  // ——— drafts ———

  const draftTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Keeps the text the user left in a session's editor: at once in the list, soon after on the server. */
  function setDraft(talk: Conversation, text: string) {
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
  }

  // ——— dialogues ———

  function dialogueStore(slot: DialogueSlot): Store<DialogueState | null> {
    let store = dialogues.get(slot);
    if (!store) {
      store = createStore<DialogueState | null>(null);
      dialogues.set(slot, store);
    }
    return store;
  }

  const view = (slot: DialogueSlot) => shown.get(slot) ?? { visible: false, atBottom: true };
  const isReading = (slot: DialogueSlot) => view(slot).visible && globalThis.document?.visibilityState !== 'hidden';

  const setDialogue = (slot: DialogueSlot, change: (d: DialogueState) => Partial<DialogueState>) =>
    dialogueStore(slot).set((d) => (d ? { ...d, ...change(d) } : d));

  /**
   * Spec §4 dialogue: choosing one sets `online` from is_online == 1, clears the records and the
   * unread count, and shows the editor when is_robot == 0 or is_talk == 1; its newest page loads.
   */
  function choose(slot: DialogueSlot, contact: InputContact) {
    const index_name = indexName(contact.talk_type, contact.receiver_id);
    dialogueStore(slot).set({
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
    shown.set(slot, { ...view(slot), atBottom: true });
    clearUnread(index_name);
    void loadOlder(slot);
  }

  function closeDialogue(slot: DialogueSlot) {
    dialogueStore(slot).set(null);
  }

  const historyLoads = new Map<DialogueSlot, { index_name: string; done: Promise<void> }>();
  /** The next older page of the slot's dialogue (the newest one first); one load at a time. */
  function loadOlder(slot: DialogueSlot): Promise<void> {
    const start = dialogueStore(slot).get();
    if (!start) return Promise.resolve();
    const running = historyLoads.get(slot);
    if (running?.index_name === start.index_name) return running.done;
    if (!start.hasOlder) return Promise.resolve();
    const { index_name, talk, cursor } = start;
    setDialogue(slot, () => ({ loadStatus: LOADING }));
    const load = { index_name, done: Promise.resolve() };
    load.done = (async () => {
      try {
        const page = await api.records({ talk_type: talk.talk_type, receiver_id: talk.receiver_id, record_id: cursor, limit: PAGE_SIZE });
        if (dialogueStore(slot).get()?.index_name !== index_name) return;
        setDialogue(slot, (d) => ({
          records: mergeRecords(d.records, page.rows),
          cursor: page.record_id,
          hasOlder: page.record_id > 0,
          loadStatus: LOADED,
        }));
        if (isReading(slot)) markRead(slot);
      } catch {
        if (dialogueStore(slot).get()?.index_name === index_name) setDialogue(slot, () => ({ loadStatus: FAILED }));
      } finally {
        if (historyLoads.get(slot) === load) historyLoads.delete(slot);
      }
    })();
    historyLoads.set(slot, load);
    return load.done;
  }

  /** The view tells whether the slot is on screen; a dialogue being read gets its messages marked read. */
  function setVisible(slot: DialogueSlot, visible: boolean) {
    shown.set(slot, { ...view(slot), visible });
    if (visible) markRead(slot);
  }

  /** The view tells whether the user is at the newest message; there the "new messages" bubble goes. */
  function setAtBottom(slot: DialogueSlot, atBottom: boolean) {
    shown.set(slot, { ...view(slot), atBottom });
    if (atBottom && dialogueStore(slot).get()?.unreadBubble) setDialogue(slot, () => ({ unreadBubble: 0 }));
  }

  // ——— read state ———

  const reviewed = new Set<number>();
  const pendingReads = new Map<string, { talk: Conversation; ids: Set<number> }>();
  let readTimer: ReturnType<typeof setTimeout> | undefined;

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
    const dialogue = dialogueStore(slot).get();
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

  // ——— records, wherever they come from ———

  /** Puts records of one conversation into its open dialogues and its session row, each record once. */
  function applyRecords(conversation: Conversation & { index_name: string }, records: ChatRecord[]) {
    if (records.length === 0) return;
    const mine = new Set(records.filter((r) => r.send_id === me).map((r) => r.client_msg_id));
    if (mine.size > 0) removeFromOutbox((entry) => mine.has(entry.client_msg_id));
    let reading = false;
    for (const [slot, store] of dialogues) {
      const dialogue = store.get();
      if (dialogue?.index_name !== conversation.index_name) continue;
      const merged = mergeRecords(dialogue.records, records);
      if (merged === dialogue.records) continue;
      const known = new Set(dialogue.records.map((r) => r.id));
      const othersNew = records.filter((r) => !known.has(r.id) && r.send_id !== me).length;
      const bubble = view(slot).atBottom ? 0 : othersNew;
      store.set({ ...dialogue, records: merged, unreadBubble: dialogue.unreadBubble + bubble });
      if (isReading(slot)) {
        reading = true;
        markRead(slot);
      }
    }
    const session = sessionOf(conversation.index_name);
    if (!session) {
      // A conversation someone else started: the server has its row.
      reloadSessionsSoon();
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

  function onMessage(content: MessageContent) {
    const conversation = conversationOf(content, me);
    applyRecords(conversation, [content.data]);
    // A sequence beyond a gap means a message passed this socket by: fetch what is missing.
    for (const [slot, store] of dialogues) {
      const records = store.get()?.index_name === conversation.index_name ? store.get()!.records : null;
      if (records && contiguousEnd(records) < records.at(-1)!.sequence) void catchUpDialogue(slot);
    }
    const typing = state.get().typing[conversation.index_name];
    if (typing?.sender_id === content.data.send_id) stopTyping(conversation.index_name);
  }

  function onRead(content: ReadContent) {
    if (content.sender_id === me && content.talk_type === 1) return; // our own receipt, seen from another tab
    const index_name = content.talk_type === 2 ? indexName(2, content.receiver_id) : indexName(1, content.sender_id === me ? content.receiver_id : content.sender_id);
    const ids = new Set(content.ids);
    for (const store of dialogues.values()) {
      const dialogue = store.get();
      if (dialogue?.index_name !== index_name || !dialogue.records.some((r) => ids.has(r.id) && !r.is_read)) continue;
      store.set({ ...dialogue, records: dialogue.records.map((r) => (ids.has(r.id) ? { ...r, is_read: 1 } : r)) });
    }
  }

  function stopTyping(index_name: string) {
    patch((s) => ({ typing: Object.fromEntries(Object.entries(s.typing).filter(([key]) => key !== index_name)) }));
  }

  function onKeyboard(content: KeyboardContent) {
    if (content.sender_id === undefined || content.sender_id === me) return;
    const index_name = content.talk_type === 2 ? indexName(2, content.receiver_id) : indexName(1, content.sender_id);
    const until = now() + TYPING_SHOW;
    patch((s) => ({ typing: { ...s.typing, [index_name]: { sender_id: content.sender_id!, until } } }));
    later(TYPING_SHOW, () => state.get().typing[index_name]?.until === until && stopTyping(index_name));
  }

  function onContactStatus({ user_id, status }: ContactStatusContent) {
    const index_name = indexName(1, user_id);
    presenceHeard.set(index_name, { status, afterLoad: sessionsLoad });
    patch((s) => ({ sessions: s.sessions.map((row) => (row.index_name === index_name && !row.is_robot ? { ...row, is_online: status } : row)) }));
    for (const [slot, store] of dialogues) {
      const dialogue = store.get();
      if (dialogue?.index_name === index_name && !dialogue.is_robot) setDialogue(slot, () => ({ online: status === 1 }));
    }
  }

  const typingSent = new Map<string, number>();
  /** Tells the other side the user is typing, at most once every TYPING_THROTTLE ms per conversation. */
  function typing(talk: Conversation) {
    const index_name = indexName(talk.talk_type, talk.receiver_id);
    const last = typingSent.get(index_name) ?? -Infinity;
    if (now() - last < TYPING_THROTTLE) return;
    if (socket.send('im.message.keyboard', { talk_type: talk.talk_type, receiver_id: talk.receiver_id })) typingSent.set(index_name, now());
  }

  const catchingUp = new Set<DialogueSlot>();
  /**
   * Whatever a dialogue missed, asked after the last sequence it holds without a gap. One at a time
   * per dialogue; a dialogue still loading its first page gets the newest records from that page.
   */
  async function catchUpDialogue(slot: DialogueSlot) {
    const dialogue = dialogueStore(slot).get();
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

  /** After a reconnect: every open dialogue catches up. */
  const catchUp = () => Promise.all([...dialogues.keys()].map(catchUpDialogue));

  // ——— the outbox ———

  const persist = (entries: OutboxEntry[]) => writeOutbox(storage, me, entries);
  function setOutbox(change: (entries: OutboxEntry[]) => OutboxEntry[]) {
    const before = state.get().outbox;
    const after = change(before);
    if (after === before) return;
    patch({ outbox: after });
    persist(after);
  }
  function removeFromOutbox(match: (entry: OutboxEntry) => boolean) {
    setOutbox((entries) => (entries.some(match) ? entries.filter((entry) => !match(entry)) : entries));
  }
  const setEntryState = (client_msg_id: string, next: OutboxEntry['state']) =>
    setOutbox((entries) =>
      entries.some((e) => e.client_msg_id === client_msg_id && e.state !== next)
        ? entries.map((e) => (e.client_msg_id === client_msg_id ? { ...e, state: next } : e))
        : entries,
    );

  /** A message goes on the socket when it is open (no request per message); HTTP decides otherwise. */
  async function publish(body: PublishBody): Promise<ChatRecord> {
    const ack = await socket.publish(body).catch(() => null);
    if (!ack || LOGIN_CODES.has(ack.code)) return api.publish(body);
    if (ack.code !== Code.ok || !ack.data) throw new RequestError(ack.code, ack.msg, ack.code);
    return ack.data;
  }

  // One message at a time, in the order they were written, so a conversation's messages keep their order.
  let queue: Promise<unknown> = Promise.resolve();
  const queued = new Set<string>();
  const rejected = new Set<string>();

  function deliver(client_msg_id: string) {
    if (queued.has(client_msg_id)) return;
    queued.add(client_msg_id);
    setEntryState(client_msg_id, 'sending');
    queue = queue.then(async () => {
      try {
        const entry = state.get().outbox.find((e) => e.client_msg_id === client_msg_id);
        if (!entry) return;
        // An earlier message of the conversation that could not go out holds back the later ones.
        const blocked = state.get().outbox.some(
          (e) =>
            e.created_at < entry.created_at && e.talk_type === entry.talk_type && e.receiver_id === entry.receiver_id && e.state === 'failed' && !rejected.has(e.client_msg_id),
        );
        if (blocked) {
          setEntryState(client_msg_id, 'failed');
          return;
        }
        const { talk_type, receiver_id, msg_type, content, extra } = entry;
        const body: PublishBody = { talk_type, receiver_id, msg_type, content, client_msg_id, ...(extra ? { extra } : {}) };
        try {
          const record = await publish(body);
          rejected.delete(client_msg_id);
          applyRecords(conversationOf({ sender_id: me, receiver_id: entry.receiver_id, talk_type: entry.talk_type }, me), [record]);
          removeFromOutbox((e) => e.client_msg_id === client_msg_id);
        } catch (error) {
          if (!transient(error)) rejected.add(client_msg_id);
          setEntryState(client_msg_id, 'failed');
        }
      } finally {
        queued.delete(client_msg_id);
      }
    });
  }

  /**
   * Sends every unconfirmed message again, oldest first, each under its own client_msg_id. On its
   * own (a reconnect) it leaves out what the server refused: only the user's retry sends that again.
   */
  function flushOutbox({ refusedToo = false } = {}) {
    for (const entry of [...state.get().outbox].sort((a, b) => a.created_at - b.created_at)) {
      if (refusedToo || !rejected.has(entry.client_msg_id)) deliver(entry.client_msg_id);
    }
  }

  /** Queues a message for a conversation: it shows at once as "sending" and survives a reload. */
  function send(talk: Conversation, msg_type: PublishBody['msg_type'], content: string, extra?: MessageExtra): OutboxEntry {
    const entry: OutboxEntry = {
      talk_type: talk.talk_type,
      receiver_id: talk.receiver_id,
      msg_type,
      content,
      client_msg_id: newClientMsgId(),
      ...(extra ? { extra } : {}),
      created_at: now(),
      state: 'sending',
    };
    setOutbox((entries) => [...entries, entry]);
    if (msg_type === MSG_TEXT) setDraft(talk, '');
    deliver(entry.client_msg_id);
    return entry;
  }

  function discard(client_msg_id: string) {
    rejected.delete(client_msg_id);
    removeFromOutbox((e) => e.client_msg_id === client_msg_id);
  }

  // ——— the socket ———

  // The server words the list's previews in the caller's language.
  const stopFollowingLanguage = languageStore.subscribe(() => void loadSessions());
  socket.on('status', (status) => patch({ socket: status }));
  socket.on('ready', (resumed) => {
    // start() sent the outbox already; after a reconnect it goes again.
    if (resumed) flushOutbox();
    // Even the first time: who came online (and what was said) before this socket could hear it is
    // only in the list. The list first: its unread counts and last sequences already include what
    // the catch-up brings.
    void loadSessions().then(catchUp);
  });
  socket.on('im.message', onMessage);
  socket.on('im.message.read', onRead);
  socket.on('im.message.keyboard', onKeyboard);
  socket.on('im.contact.status', onContactStatus);
  // The socket is the console's one live line: a published screen travels on it to the engine.
  socket.on('screen.published', (content) => shellEvents.emit('screen.published', content));

  return {
    me,
    state: state as ReadableStore<ChatState>,
    dialogue: (slot: DialogueSlot) => dialogueStore(slot) as ReadableStore<DialogueState | null>,
    start() {
      void loadSessions();
      // Messages a reload interrupted go out at once; the socket's `ready` sends them again if this fails.
      flushOutbox();
      socket.start();
    },
    stop() {
      stopFollowingLanguage();
      socket.stop();
      socket.removeAllListeners();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    loadSessions,
    choose,
    closeDialogue,
    loadOlder,
    setVisible,
    setAtBottom,
    setDraft,
    typing,
    send,
    retry: () => flushOutbox({ refusedToo: true }),
    discard,
    setTop: (session: ChatSession, top: boolean) => saveFlags(session, { is_top: top ? 1 : 0 }),
    setMuted: (session: ChatSession, muted: boolean) => saveFlags(session, { is_disturb: muted ? 1 : 0 }),
    deleteSession,
    startWith,
    startWithAssistant,
    createGroup,
    leaveGroup,
    /** Records of a conversation the user is not reading, newest page first (the speech view). */
    recordsPage: (talk: Conversation, record_id: number) =>
      api.records({ talk_type: talk.talk_type, receiver_id: talk.receiver_id, record_id, limit: RECORDS_LIMIT_MAX }),
  };
}
