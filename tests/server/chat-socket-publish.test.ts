import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { chatUser, type ChatUser } from '../support/chat-api';
import { connectChat, type ChatClient } from '../support/chat-client';
import type { PublishBody } from '../../src/contract/api/chat';
import { CLOSE_UNAUTHORIZED, type MessageContent, type PublishAck } from '../../src/contract/chat';

describe.each(DIALECTS)('publishing over the socket on %s', (dialect) => {
  let server: TestServer;
  const users = new Map<string, ChatUser>();
  const open: ChatClient[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const name of ['seller', 'staff', 'sunli']) users.set(name, await chatUser(server, name));
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await server.close();
  });

  const u = (name: string) => users.get(name)!;
  const connect = async (name: string, token = u(name).token, query: Record<string, string> = {}) => {
    const client = await connectChat(server.url, token, query);
    open.push(client);
    return client;
  };
  const body = (receiver_id: number, content: string, extra: Partial<PublishBody> = {}): PublishBody => ({
    talk_type: 1, receiver_id, msg_type: 1, content, client_msg_id: randomUUID(), ...extra,
  });
  async function publish(client: ChatClient, message: PublishBody): Promise<PublishAck> {
    client.send('im.message.publish', message);
    return (await client.next<PublishAck>('im.message.ack', (ack) => ack.client_msg_id === message.client_msg_id)).content;
  }

  it('stores the message with its sequence, answers the sender with the record and tells the receiver and the sender\'s other tabs', async () => {
    const [seller, otherTab, staff] = await Promise.all([connect('seller'), connect('seller'), connect('staff')]);
    const message = body(u('staff').id, '走套接字的消息');
    const ack = await publish(seller, message);
    expect(ack).toMatchObject({ code: 200, data: { content: '走套接字的消息', send_id: u('seller').id, client_msg_id: message.client_msg_id } });
    const ours = (c: MessageContent) => c.data.client_msg_id === message.client_msg_id;
    const told = await staff.next<MessageContent>('im.message', ours);
    expect(told.content.data).toEqual(ack.data);
    expect((await otherTab.next<MessageContent>('im.message', ours)).content.data).toEqual(ack.data);
    // The socket it came on has the record in its acknowledgement: it is not sent the same record again.
    expect(seller.all<MessageContent>('im.message').filter((f) => ours(f.content))).toEqual([]);
    const stored = await u('staff').records({ talk_type: 1, receiver_id: u('seller').id, after_sequence: ack.data!.sequence - 1, limit: 10 });
    // The record answered is the record stored, field for field.
    expect(stored.rows).toEqual([ack.data]);
  });

  it('stores a message sent again with the same client_msg_id once, over the socket or HTTP', async () => {
    const seller = await connect('seller');
    const message = body(u('staff').id, '只存一次');
    const first = await publish(seller, message);
    seller.frames.length = 0;
    const again = await publish(seller, message);
    const overHttp = await u('seller').publish(message);
    expect(again.data!.id).toBe(first.data!.id);
    expect(overHttp.id).toBe(first.data!.id);
    const page = await u('seller').records({ talk_type: 1, receiver_id: u('staff').id, after_sequence: first.data!.sequence - 1, limit: 10 });
    expect(page.rows.filter((r) => r.client_msg_id === message.client_msg_id)).toHaveLength(1);
  });

  it('refuses what HTTP refuses, with the envelope code and a message in the console language', async () => {
    const seller = await connect('seller');
    expect(await publish(seller, body(u('staff').id, '   '))).toEqual(expect.objectContaining({ code: 400, msg: '消息内容不能为空', data: null }));
    // The users of a private message are read with the sender's login: a user that is not there is
    // the message's fault, not the login's, and the socket stays open for the next one.
    expect(await publish(seller, body(987_654, '没有这个人'))).toEqual(expect.objectContaining({ code: 404, msg: '聊天对象不存在', data: null }));
    expect(await publish(seller, body(u('seller').id, '发给自己'))).toEqual(expect.objectContaining({ code: 400, msg: '不能和自己聊天', data: null }));
    expect((await publish(seller, body(u('staff').id, '还能发'))).code).toBe(200);
    const group = await call<{ id: number; receiver_id: number }>(server, '/chat/group/create', { token: u('staff').token, body: { name: '报价组', member_ids: [u('sunli').id] } });
    const notMember = await publish(seller, body(group.body.data.receiver_id, '我不在这个群', { talk_type: 2 }));
    expect(notMember.code).toBe(403);
    const english = await connect('seller', u('seller').token, { lang: 'en' });
    expect((await publish(english, body(u('staff').id, ''))).msg).toBe('The message cannot be empty');
    // A frame that does not fit the contract still gets its answer.
    const bad = { ...body(u('staff').id, '坏帧'), msg_type: 99 };
    seller.send('im.message.publish', bad);
    expect((await seller.next<PublishAck>('im.message.ack', (a) => a.client_msg_id === bad.client_msg_id)).content.code).toBe(400);
  });

  it('holds a socket to its login: locked answers 205, ended answers 401 and closes the socket', async () => {
    const { token } = await loginAs(server, 'seller', 'seller123');
    const socket = await connect('seller', token);
    expect((await call(server, '/api/index/lock', { token })).body.code).toBe(200);
    expect((await publish(socket, body(u('staff').id, '锁屏时发送'))).code).toBe(205);
    await call(server, '/api/index/unlock', { token, body: { password: 'seller123' } });
    expect((await publish(socket, body(u('staff').id, '解锁后发送'))).code).toBe(200);
    expect((await call(server, '/api/public/login-out', { token })).body.code).toBe(200);
    expect((await publish(socket, body(u('staff').id, '退出后发送'))).code).toBe(401);
    expect(await socket.closed).toBe(CLOSE_UNAUTHORIZED);
  });
});
