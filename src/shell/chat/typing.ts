import { indexName } from '../../contract/api/chat';
import type { KeyboardContent } from '../../contract/chat';
import type { ChatCore, Conversation } from './chat-state';

/** Typing frames go out at most this often while the user types, in ms. */
export const TYPING_THROTTLE = 3000;
/** How long "typing…" shows after the last typing frame, in ms; a little over the throttle. */
export const TYPING_SHOW = 5000;

export type Typing = ReturnType<typeof createTyping>;

/** "Typing…" both ways: the user's keystrokes told to the other side, and theirs shown for a while. */
export function createTyping({ me, socket, state, patch, later, now }: ChatCore) {
  const typingSent = new Map<string, number>();

  function stop(index_name: string) {
    patch((s) => ({ typing: Object.fromEntries(Object.entries(s.typing).filter(([key]) => key !== index_name)) }));
  }

  return {
    stop,
    /** Tells the other side the user is typing, at most once every TYPING_THROTTLE ms per conversation. */
    typing(talk: Conversation) {
      const index_name = indexName(talk.talk_type, talk.receiver_id);
      const last = typingSent.get(index_name) ?? -Infinity;
      if (now() - last < TYPING_THROTTLE) return;
      if (socket.send('im.message.keyboard', { talk_type: talk.talk_type, receiver_id: talk.receiver_id })) typingSent.set(index_name, now());
    },
    onKeyboard(content: KeyboardContent) {
      if (content.sender_id === undefined || content.sender_id === me) return;
      const index_name = content.talk_type === 2 ? indexName(2, content.receiver_id) : indexName(1, content.sender_id);
      const until = now() + TYPING_SHOW;
      patch((s) => ({ typing: { ...s.typing, [index_name]: { sender_id: content.sender_id!, until } } }));
      later(TYPING_SHOW, () => state.get().typing[index_name]?.until === until && stop(index_name));
    },
  };
}
