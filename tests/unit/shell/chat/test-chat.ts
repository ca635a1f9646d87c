import { createChat, type ChatController } from '../../../../src/shell/chat/chat-store';
import { createChatSocket, type ChatSocketOptions } from '../../../../src/shell/chat/socket-client';
import { chatApi } from '../../../../src/shell/chat/api';
import { FakeWebSocket } from './fake-websocket';

/** The chat store as the console runs it, over the real socket client on a fake WebSocket. */
export function chatOverFakeSocket(user: { id: number; name: string }, socket: Partial<ChatSocketOptions> = {}): ChatController {
  return createChat({
    user,
    socket: createChatSocket({ user, ticket: chatApi.ticket, base: 'ws://console.test', WebSocket: FakeWebSocket as unknown as typeof WebSocket, ...socket }),
  });
}
