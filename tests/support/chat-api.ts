import { randomUUID } from 'node:crypto';
import { call, loginAs } from './server-harness';
import type { ChatRecord, ChatSession, ChatUpload, PublishBody, RecordsBody, RecordsPage } from '../../src/contract/api/chat';

/** Passwords of the demo users (README). */
const PASSWORDS: Record<string, string> = { admin: 'admin123', seller: 'seller123', staff: 'staff123' };

/** A demo user signed in to a running server, with the chat calls a console makes. */
export interface ChatUser {
  username: string;
  id: number;
  token: string;
  publish(body: Partial<PublishBody> & { receiver_id: number }): Promise<ChatRecord>;
  records(body: RecordsBody): Promise<RecordsPage>;
  sessions(): Promise<ChatSession[]>;
}

export async function chatUser(server: { url: string }, username: string): Promise<ChatUser> {
  const { token } = await loginAs(server, username, PASSWORDS[username] ?? 'demo123456');
  const profile = await call<{ user_info: { id: number } }>(server, '/api/index/index-init', { token });
  const id = profile.body.data.user_info.id;
  const ok = async <T>(route: string, body: unknown): Promise<T> => {
    const res = await call<T>(server, route, { token, body });
    if (res.body.code !== 200) throw new Error(`${route} answered ${res.body.code}: ${res.body.msg}`);
    return res.body.data;
  };
  return {
    username,
    id,
    token,
    publish: (body) => ok<ChatRecord>('/chat/talk/message/publish', { talk_type: 1, msg_type: 1, content: 'hello', client_msg_id: randomUUID(), ...body }),
    records: (body) => ok<RecordsPage>('/chat/talk/records', body),
    sessions: async () => (await ok<{ rows: ChatSession[] }>('/chat/talk/session/list', { send_id: id })).rows,
  };
}

/** POST /chat/upload with one file. */
export async function uploadFile(server: { url: string }, token: string, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${server.url}/chat/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: ChatUpload } };
}

/** The smallest bytes the server takes for a PNG picture: its signature, then anything. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
