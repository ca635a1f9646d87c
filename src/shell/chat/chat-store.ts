import type { ReadableStore } from '../store';
import { languageStore } from '../i18n/language-store';
import { shellEvents } from '../events';
import { createChatCore, type ChatDeps, type ChatState } from './chat-state';
import { createDialogues, type DialogueSlot, type DialogueState } from './dialogues';
import { createDrafts } from './drafts';
import { createHistory } from './history';
import { createLiveRecords } from './live-records';
import { createOutboxStore } from './outbox-store';
import { createReadReceipts } from './read-receipts';
import { createSender } from './sender';
import { createSessionActions } from './session-actions';
import { createSessionList } from './session-list';
import { createTyping } from './typing';

export type ChatController = ReturnType<typeof createChat>;

/**
 * The signed-in user's chat: the session list, the open dialogues, typing and read state, and the
 * outbox, kept in step with the /chat/ws socket and the chat API. Plain state with no React in it;
 * views read it through useStore. Each concern is a part of its own; this puts them together and
 * wires the socket's events to them.
 */
export function createChat(deps: ChatDeps) {
  const core = createChatCore(deps);
  const { socket, state, patch } = core;
  const dialogues = createDialogues();
  const reads = createReadReceipts(core, dialogues);
  const history = createHistory(core, dialogues, reads);
  const sessions = createSessionList(core, dialogues);
  const setDraft = createDrafts(core);
  const typing = createTyping(core);
  const outbox = createOutboxStore(core);
  const records = createLiveRecords(core, { dialogues, reads, sessions, outbox, typing });
  const sender = createSender(core, { outbox, records, setDraft });

  // The server words the list's previews in the caller's language.
  const stopFollowingLanguage = languageStore.subscribe(() => void sessions.load());
  socket.on('status', (status) => patch({ socket: status }));
  socket.on('ready', (resumed) => {
    // start() sent the outbox already; after a reconnect it goes again.
    if (resumed) sender.flush();
    // Even the first time: who came online (and what was said) before this socket could hear it is
    // only in the list. The list first: its unread counts and last sequences already include what
    // the catch-up brings.
    void sessions.load().then(records.catchUp);
  });
  socket.on('im.message', records.onMessage);
  socket.on('im.message.read', records.onRead);
  socket.on('im.message.keyboard', typing.onKeyboard);
  socket.on('im.contact.status', sessions.onContactStatus);
  // The socket is the console's one live line: a published screen travels on it to the engine.
  socket.on('screen.published', (content) => shellEvents.emit('screen.published', content));
  // Quoting's frames (a new ask, a quote arrived) travel the same line to the widgets that follow them.
  socket.on('quoting.ask', (content) => shellEvents.emit('quoting.ask', content));
  socket.on('quoting.quote', (content) => shellEvents.emit('quoting.quote', content));

  return {
    me: core.me,
    state: state as ReadableStore<ChatState>,
    dialogue: (slot: DialogueSlot) => dialogues.store(slot) as ReadableStore<DialogueState | null>,
    start() {
      void sessions.load();
      // Messages a reload interrupted go out at once; the socket's `ready` sends them again if this fails.
      sender.flush();
      socket.start();
    },
    stop() {
      stopFollowingLanguage();
      socket.stop();
      socket.removeAllListeners();
      core.clearTimers();
    },
    loadSessions: sessions.load,
    choose: history.choose,
    closeDialogue: dialogues.close,
    loadOlder: history.loadOlder,
    setVisible: reads.setVisible,
    setAtBottom: dialogues.setAtBottom,
    setDraft,
    typing: typing.typing,
    send: sender.send,
    retry: () => sender.flush({ refusedToo: true }),
    discard: sender.discard,
    ...createSessionActions(core, dialogues, history.choose),
  };
}
