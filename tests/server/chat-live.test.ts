import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, startTestServer, type TestServer } from '../support/server-harness';
import { chatUser, type ChatUser } from '../support/chat-api';
import { connectChat, type ChatClient } from '../support/chat-client';
import type { ChatSession, SocketTicket } from '../../src/contract/api/chat';
import { CLOSE_UNAUTHORIZED, type ContactStatusContent, type KeyboardContent, type MessageContent, type ReadContent } from '../../src/contract/chat';

const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean, what: string) {
  for (let i = 0; i < 250; i++) {
    if (check()) return;
    await settle(20);
  }
  throw new Error(`never happened: ${what}`);
}

describe.each(DIALECTS)('chat over the socket on %s', (dialect) => {
  let server: TestServer;
  const users = new Map<string, ChatUser>();
  const open: ChatClient[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const name of ['seller', 'staff', 'zhaolei', 'sunli', 'zhoujie', 'wufang']) users.set(name, await chatUser(server, name));
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await server.close();
  });

  const u = (name: string) => users.get(name)!;
  const connect = async (name: string) => {
    const client = await connectChat(server.url, u(name).token);
    open.push(client);
    return client;
  };
  const isMessage = (content: string) => (c: MessageContent) => c.data.content === content;

  it("tells the receiver and every socket of the sender, only once the record is committed", async () => {
    const [staff, sellerTab1, sellerTab2, outsider] = await Promise.all([connect('staff'), connect('seller'), connect('seller'), connect('sunli')]);
    const committedWhenTold = new Promise<boolean>((resolve) => {
      staff.socket.once('message', async (raw) => {
        const { content } = JSON.parse(String(raw)) as { content: MessageContent };
        const row = await server.database.db.selectFrom('chat_messages').select('sequence').where('id', '=', content.data.id).executeTakeFirst();
        resolve(row?.sequence === content.data.sequence);
      });
    });
    const record = await u('seller').publish({ receiver_id: u('staff').id, content: '实时消息' });
    for (const client of [staff, sellerTab1, sellerTab2]) {
      const frame = await client.next<MessageContent>('im.message', isMessage('实时消息'));
      expect(frame.content).toEqual({ sender_id: u('seller').id, receiver_id: u('staff').id, talk_type: 1, data: record });
    }
    expect(await committedWhenTold).toBe(true);
    await settle();
    expect(outsider.all('im.message')).toEqual([]);
  });

  it("fans a group message out to every member's sockets and nobody else", async () => {
    const members = ['seller', 'staff', 'zhaolei'];
    const sockets = await Promise.all([...members.map(connect), connect('zhaolei'), connect('wufang')]);
    const group = (await server.database.db.selectFrom('chat_groups').select('id').where('name', '=', '报价协作群').executeTakeFirstOrThrow()).id;
    const record = await u('staff').publish({ talk_type: 2, receiver_id: group, content: '群发通知' });
    for (const client of sockets.slice(0, 4)) {
      expect((await client.next<MessageContent>('im.message', isMessage('群发通知'))).content).toMatchObject({ sender_id: u('staff').id, receiver_id: group, talk_type: 2, data: { id: record.id } });
    }
    await settle();
    expect(sockets[4].all<MessageContent>('im.message').some((f) => f.content.data.id === record.id)).toBe(false);
  });

  it('sends read receipts to the author, from the HTTP review and from the socket', async () => {
    const [author] = await Promise.all([connect('zhoujie')]);
    const reader = await connect('wufang');
    const first = await u('zhoujie').publish({ receiver_id: u('wufang').id, content: '请确认 1' });
    const second = await u('zhoujie').publish({ receiver_id: u('wufang').id, content: '请确认 2' });
    await call(server, '/chat/talk/review', { token: u('wufang').token, body: { talk_type: 1, receiver_id: u('zhoujie').id, ids: [first.id] } });
    const byHttp = await author.next<ReadContent>('im.message.read', (c) => c.ids.includes(first.id));
    expect(byHttp.content).toEqual({ sender_id: u('wufang').id, receiver_id: u('zhoujie').id, talk_type: 1, ids: [first.id] });

    reader.send('im.message.read', { talk_type: 1, receiver_id: u('zhoujie').id, ids: [second.id] });
    expect((await author.next<ReadContent>('im.message.read', (c) => c.ids.includes(second.id))).content.ids).toEqual([second.id]);
    // Read again: nothing new to tell.
    reader.send('im.message.read', { talk_type: 1, receiver_id: u('zhoujie').id, ids: [second.id] });
    await settle();
    expect(author.all<ReadContent>('im.message.read').flatMap((f) => f.content.ids)).toEqual([first.id, second.id]);
    expect((await u('zhoujie').records({ talk_type: 1, receiver_id: u('wufang').id })).rows.map((r) => r.is_read)).toEqual([1, 1]);
  });

  it('marks a group record read for its author only once every other member has read it', async () => {
    const created = await call<ChatSession>(server, '/chat/group/create', { token: u('sunli').token, body: { name: '回执群', member_ids: [u('zhaolei').id, u('wufang').id] } });
    const group = created.body.data.receiver_id;
    const author = await connect('sunli');
    const record = await u('sunli').publish({ talk_type: 2, receiver_id: group, content: '都看到了吗' });
    await call(server, '/chat/talk/unread/clear', { token: u('zhaolei').token, body: { talk_type: 2, receiver_id: group } });
    await settle();
    expect(author.all<ReadContent>('im.message.read').filter((f) => f.content.receiver_id === group)).toEqual([]);
    expect((await u('sunli').records({ talk_type: 2, receiver_id: group })).rows.at(-1)!.is_read).toBe(0);
    await call(server, '/chat/talk/unread/clear', { token: u('wufang').token, body: { talk_type: 2, receiver_id: group } });
    const receipt = await author.next<ReadContent>('im.message.read', (c) => c.receiver_id === group);
    expect(receipt.content).toEqual({ sender_id: u('wufang').id, receiver_id: group, talk_type: 2, ids: [record.id] });
    expect((await u('sunli').records({ talk_type: 2, receiver_id: group })).rows.at(-1)!.is_read).toBe(1);
  });

  it('relays typing to the other side without storing it; strangers cannot type into a group', async () => {
    const typist = await connect('seller');
    const peer = await connect('staff');
    const stranger = await connect('sunli');
    const before = await server.database.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    typist.send('im.message.keyboard', { talk_type: 1, receiver_id: u('staff').id });
    const typing = await peer.next<KeyboardContent>('im.message.keyboard', (c) => c.sender_id === u('seller').id);
    expect(typing.content).toEqual({ sender_id: u('seller').id, receiver_id: u('staff').id, talk_type: 1 });

    const group = (await server.database.db.selectFrom('chat_groups').select('id').where('name', '=', '报价协作群').executeTakeFirstOrThrow()).id;
    stranger.send('im.message.keyboard', { talk_type: 2, receiver_id: group });
    stranger.send('im.message.keyboard', { talk_type: 1, receiver_id: 'not a number' });
    await settle();
    expect(peer.all<KeyboardContent>('im.message.keyboard').filter((f) => f.content.sender_id === u('sunli').id)).toEqual([]);
    expect(typist.all('im.message.keyboard')).toEqual([]);
    const after = await server.database.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // The socket is still fine after frames it refused.
    stranger.send('ping', {});
    expect((await stranger.next('pong')).event).toBe('pong');
  });

  it('announces a user online at the first socket and offline at the last, to those who have them in their list', async () => {
    // A fresh pair: the watcher has the watched user in its list.
    const watcher = await connect('wufang');
    const watched = u('sunli');
    await call(server, '/chat/talk/session/save', { token: u('wufang').token, body: { send_id: u('wufang').id, receiver_id: watched.id } });
    await Promise.all(open.filter((c) => c !== watcher).map((c) => c.close()));
    open.splice(0, open.length, watcher);
    await settle();
    const statuses = () => watcher.all<ContactStatusContent>('im.contact.status').filter((f) => f.content.user_id === watched.id).map((f) => f.content.status);
    const baseline = statuses().length;

    const first = await connect('sunli');
    await eventually(() => statuses().length > baseline, 'online status');
    const sessionOf = async () => (await u('wufang').sessions()).find((r) => r.receiver_id === watched.id)!;
    expect((await sessionOf()).is_online).toBe(1);
    const second = await connect('sunli');
    await second.close();
    await settle();
    expect(statuses().slice(baseline)).toEqual([1]);
    await first.close();
    await eventually(() => statuses().length > baseline + 1, 'offline status');
    expect(statuses().slice(baseline)).toEqual([1, 0]);
    expect((await sessionOf()).is_online).toBe(0);
  });

  it('delivers the robot’s read receipt and reply over the socket like any message', async () => {
    const me = await connect('zhoujie');
    const robot = (await call<ChatSession>(server, '/chat/talk/session/assistant', { token: u('zhoujie').token })).body.data.receiver_id;
    const asked = await u('zhoujie').publish({ receiver_id: robot, content: '报价流程' });
    expect((await me.next<ReadContent>('im.message.read', (c) => c.sender_id === robot)).content).toEqual({ sender_id: robot, receiver_id: u('zhoujie').id, talk_type: 1, ids: [asked.id] });
    const reply = await me.next<MessageContent>('im.message', (c) => c.sender_id === robot);
    expect(reply.content.data).toMatchObject({ sequence: asked.sequence + 1, nickname: '智能助手', content: expect.stringContaining('询价与报价') });
  });

  it('opens the socket with a one-minute ticket, once', async () => {
    const ticket = await call<SocketTicket>(server, '/chat/ticket', { token: u('seller').token });
    expect(ticket.body.data).toEqual({ ticket: expect.any(String), expires_in: 60 });
    expect(ticket.body.data.ticket).not.toBe(u('seller').token);
    const byTicket = await connectChat(server.url, ticket.body.data.ticket, { id: String(u('seller').id), name: 'seller' });
    open.push(byTicket);
    await u('staff').publish({ receiver_id: u('seller').id, content: '凭票入场' });
    await byTicket.next<MessageContent>('im.message', isMessage('凭票入场'));

    await expect(connectChat(server.url, ticket.body.data.ticket)).rejects.toThrow(`closed with ${CLOSE_UNAUTHORIZED}`);
    const stale = await call<SocketTicket>(server, '/chat/ticket', { token: u('seller').token });
    await server.database.db.updateTable('chat_tickets').set({ expires_at: Date.now() - 1 }).execute();
    await expect(connectChat(server.url, stale.body.data.ticket)).rejects.toThrow(`closed with ${CLOSE_UNAUTHORIZED}`);
    // A ticket of one user never opens another user's socket.
    const other = await call<SocketTicket>(server, '/chat/ticket', { token: u('staff').token });
    await expect(connectChat(server.url, other.body.data.ticket, { id: String(u('seller').id) })).rejects.toThrow(`closed with ${CLOSE_UNAUTHORIZED}`);
    expect((await call(server, '/chat/ticket')).status).toBe(401);
  });

  it('broadcasts a server frame to every open socket', async () => {
    const [a, b] = await Promise.all([connect('seller'), connect('sunli')]);
    server.app.chatHub.broadcast({ event: 'screen.published', content: { vue_path: 'goods/list', version: 3 } });
    for (const client of [a, b]) expect((await client.next('screen.published')).content).toEqual({ vue_path: 'goods/list', version: 3 });
  });
});
