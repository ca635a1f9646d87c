import { useEffect } from 'react';
import { createStore, useStore } from '../store';
import { sessionStore } from '../auth/session';
import { createChat, type ChatController } from './chat-store';

/** The signed-in user's chat, running while the console frame is up; null before and after. */
export const chatStore = createStore<ChatController | null>(null);

/** Whether the chat panel (the header entry's drawer) is open. */
export const chatPanelStore = createStore(false);

export function useChat(): ChatController | null {
  return useStore(chatStore);
}

/**
 * Spec §4 chat socket: connects when a token and the user's info exist, for the whole time the
 * console frame is shown, so the header's unread count is live on every page.
 */
export function ChatRuntime() {
  const session = useStore(sessionStore);
  const id = session?.user_info.id;
  const name = session?.user_info.name;
  useEffect(() => {
    if (id === undefined || name === undefined) return;
    const chat = createChat({ user: { id, name } });
    chatStore.set(chat);
    chat.start();
    return () => {
      chat.stop();
      if (chatStore.get() === chat) chatStore.set(null);
    };
  }, [id, name]);
  return null;
}
