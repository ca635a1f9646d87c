import type { ChatRecord, ChatSession, TalkType } from '../../contract/api/chat';
import { createStore, type Store } from '../store';
import type { LoadStatus } from './chat-state';

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

/** Where a dialogue is drawn: the chat panel, or the assistant view (a tab of its own). */
export type DialogueSlot = 'panel' | 'assistant';

/** The contact fields of a session row, to open its dialogue. */
export function contactOfSession(session: ChatSession): InputContact {
  const { is_online, remark, name, talk_type, receiver_id, is_robot, is_talk } = session;
  return { is_online, remark, name, talk_type, receiver_id, is_robot, is_talk };
}

export type Dialogues = ReturnType<typeof createDialogues>;

/**
 * The open dialogues, one store per slot, and what their views tell of them: whether the slot is on
 * screen and whether it is scrolled to the newest message.
 */
export function createDialogues() {
  const stores = new Map<DialogueSlot, Store<DialogueState | null>>();
  const shown = new Map<DialogueSlot, { visible: boolean; atBottom: boolean }>();

  function store(slot: DialogueSlot): Store<DialogueState | null> {
    let existing = stores.get(slot);
    if (!existing) {
      existing = createStore<DialogueState | null>(null);
      stores.set(slot, existing);
    }
    return existing;
  }

  const view = (slot: DialogueSlot) => shown.get(slot) ?? { visible: false, atBottom: true };
  const set = (slot: DialogueSlot, change: (d: DialogueState) => Partial<DialogueState>) => store(slot).set((d) => (d ? { ...d, ...change(d) } : d));
  const close = (slot: DialogueSlot) => store(slot).set(null);
  const setView = (slot: DialogueSlot, change: Partial<{ visible: boolean; atBottom: boolean }>) => shown.set(slot, { ...view(slot), ...change });

  return {
    /** Every slot a view has asked for, with its store. */
    all: stores,
    store,
    view,
    setView,
    isReading: (slot: DialogueSlot) => view(slot).visible && globalThis.document?.visibilityState !== 'hidden',
    set,
    close,
    /** Closes the dialogues of a conversation that is gone (deleted, left). */
    closeConversation(index_name: string) {
      for (const [slot, dialogue] of stores) if (dialogue.get()?.index_name === index_name) close(slot);
    },
    /** The view tells whether the user is at the newest message; there the "new messages" bubble goes. */
    setAtBottom(slot: DialogueSlot, atBottom: boolean) {
      setView(slot, { atBottom });
      if (atBottom && store(slot).get()?.unreadBubble) set(slot, () => ({ unreadBubble: 0 }));
    },
  };
}
