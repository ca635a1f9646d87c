import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { chatUser, type ChatUser } from '../support/chat-api';
import { connectChat } from '../support/chat-client';
import { rawRequest } from '../support/raw-http';
import { resourceApi } from '../support/resources';
import type { ResourceDefinition } from '../../src/contract/resource';
import type { MessageContent } from '../../src/contract/chat';

const MULTIPART_ROUTES = ['/api/uploads', '/api/files/upload', '/chat/upload', '/api/index/avatar', '/api/resources/goods/import', '/api/resources/goods/import/preview'];

/** Bodies busboy cannot follow, each with the content type that announces it. */
const MALFORMED_MULTIPART: Array<[what: string, contentType: string, body: string]> = [
  ['no boundary parameter', 'multipart/form-data', 'abc'],
  ['a boundary that never comes', 'multipart/form-data; boundary=XYZ', '--ABC\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc\r\n--ABC--\r\n'],
  ['a part cut short', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nname\r\nabc'],
];

describe.each(DIALECTS)('findings of the hardening review on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let seller: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await loginAs(server, 'admin', 'admin123')).token;
    seller = (await loginAs(server, 'seller', 'seller123')).token;
  });
  afterAll(() => server.close());

  it('answers a malformed multipart body with 400 in the envelope on every upload route', async () => {
    for (const route of MULTIPART_ROUTES) {
      for (const [what, contentType, body] of MALFORMED_MULTIPART) {
        for (const [lang, msg] of [
          ['zh-CN', '上传的表单数据不完整或格式有误，请重新选择文件上传'],
          ['en', 'The uploaded form data is incomplete or malformed; choose the file and upload it again'],
        ]) {
          const response = await fetch(server.url + route, {
            method: 'POST',
            headers: { authorization: `Bearer ${admin}`, 'content-type': contentType, 'accept-language': lang },
            body,
          });
          expect({ route, what, status: response.status, body: await response.json() }).toEqual({ route, what, status: 400, body: { code: 400, msg, data: null } });
        }
      }
    }
    // The server still answers afterwards.
    expect((await call(server, '/api/index/index-init', { token: admin })).body.code).toBe(200);
  });

  it('answers a path parameter over the router limit with 414 in the envelope, without echoing the URL', async () => {
    const longName = 'x'.repeat(150);
    const zh = await call(server, `/api/resources/${longName}/list`, { token: admin, body: {} });
    expect(zh.status).toBe(414);
    expect(zh.body).toEqual({ code: 414, msg: '请求地址过长', data: null });
    const en = await call(server, `/api/resources/${longName}/list`, { token: admin, body: {}, headers: { 'accept-language': 'en-US' } });
    expect(en.body).toEqual({ code: 414, msg: 'The request address is too long', data: null });
  });

  it('answers an undecodable URL with 400 in the envelope', async () => {
    const res = await rawRequest(server.url, 'GET /api/resources/%E0%A4%A/list HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 400, msg: '请求地址无效', data: null });
  });

  it('answers a URL over the header limit with 431 in the envelope, in the language the request asked for', async () => {
    const long = `/api/index/index-init?q=${'a'.repeat(20_000)}`;
    const zh = await rawRequest(server.url, `GET ${long} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(zh.status).toBe(431);
    expect(zh.json).toEqual({ code: 431, msg: '请求头或请求地址过长', data: null });
    const en = await rawRequest(server.url, `GET /x HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(en.status).toBe(431);
    expect(en.json).toEqual({ code: 431, msg: 'The request headers or address are too long', data: null });
    const garbage = await rawRequest(server.url, 'HELLO\r\n\r\n');
    expect(garbage.json).toEqual({ code: 400, msg: '请求参数有误', data: null });
    expect((await call(server, '/api/index/index-init', { token: admin })).body.code).toBe(200);
  });

  it('answers a page past every table with no rows, however large its number', async () => {
    for (const page of [2 ** 53 + 2, 1e308]) {
      const answer = await call<{ rows: unknown[] }>(server, '/api/resources/goods/list', { token: admin, body: { page } });
      expect(answer.body.code).toBe(200);
      expect(answer.body.data.rows).toEqual([]);
    }
  });

  it('answers a value the database cannot store with 400, over HTTP and the chat socket', async () => {
    const nul = await call(server, '/api/resources/goods/list', { token: admin, body: { keyword: 'a\u0000b' } });
    const huge = await call(server, '/api/resources/goods/get', { token: admin, body: { id: 2 ** 53 + 2 } });
    const from = await chatUser(server, 'sunli');
    const to = await chatUser(server, 'staff');
    const socket = await connectChat(server.url, from.token);
    try {
      const client_msg_id = randomUUID();
      socket.send('im.message.publish', { talk_type: 1, msg_type: 1, receiver_id: to.id, content: 'a\u0000b', client_msg_id });
      const ack = await socket.next<{ client_msg_id: string; code: number }>('im.message.ack', (a) => a.client_msg_id === client_msg_id);
      // SQLite stores a NUL and has no integer ceiling; PostgreSQL refuses both: the caller's value, never a 500.
      const expected = dialect === 'postgres' ? [400, 400, 400] : [200, 404, 200];
      expect([nul.status, huge.status, ack.content.code]).toEqual(expected);
    } finally {
      await socket.close();
    }
  });

  describe('a message published again', () => {
    let from: ChatUser;
    let to: ChatUser;
    beforeAll(async () => {
      from = await chatUser(server, 'zhaolei');
      to = await chatUser(server, 'qianwei');
    });

    it('answers the stored record and reaches the receiver once, over HTTP or the socket', async () => {
      const receiver = await connectChat(server.url, to.token);
      const sender = await connectChat(server.url, from.token);
      try {
        const client_msg_id = randomUUID();
        const body = { receiver_id: to.id, content: '只送一次', client_msg_id };
        const first = await from.publish(body);
        const again = await from.publish(body);
        expect(again.id).toBe(first.id);
        sender.send('im.message.publish', { talk_type: 1, msg_type: 1, ...body });
        await sender.next('im.message.ack', (ack: { client_msg_id: string }) => ack.client_msg_id === client_msg_id);
        // A later message is the marker: everything sent before it has arrived by then.
        const marker = await from.publish({ receiver_id: to.id, content: '标记' });
        await receiver.next<MessageContent>('im.message', (c) => c.data.id === marker.id);
        const told = receiver.all<MessageContent>('im.message').filter((f) => f.content.data.client_msg_id === client_msg_id);
        expect(told).toHaveLength(1);
      } finally {
        await Promise.all([receiver.close(), sender.close()]);
      }
    });
  });

  it('refuses a javascript: or data: URL in an image field and keeps uploads and links', async () => {
    const goods = resourceApi(server, 'goods');
    const base = { name: '链接测试', sku: `SKU-${randomUUID().slice(0, 8)}`, price_fen: 100, status: 'draft' };
    for (const image of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', ' javascript:x', 'vbscript:x']) {
      const refused = await goods.create(seller, { ...base, image });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('请输入正确的链接');
    }
    const english = await goods.create(seller, { ...base, image: 'javascript:alert(1)' }, 'en');
    expect(english.body.msg).toContain('Enter a valid link');
    const stored = await goods.create(seller, { ...base, image: '/uploads/images/0123456789abcdef0123456789abcdef.png' });
    expect(stored.body.code).toBe(200);
    const changed = await goods.update(seller, stored.body.data.id as number, stored.body.data.version as number, { image: 'https://cdn.example.com/a.png' });
    expect(changed.body.code).toBe(200);
    const sneaked = await goods.update(seller, changed.body.data.id as number, changed.body.data.version as number, { image: 'javascript:alert(1)' });
    expect(sneaked.status).toBe(400);
    const logo = await resourceApi(server, 'users').list(admin, { pageSize: 1 });
    const user = logo.body.data.rows[0];
    expect((await resourceApi(server, 'users').update(admin, user.id as number, user.version as number, { logo: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('names the actions of the system log in the reader’s language', async () => {
    const definition = (await call<ResourceDefinition>(server, '/api/resources/system_logs/definition', { token: admin, method: 'GET' })).body.data;
    const action = definition.fields.find((f) => f.name === 'action')!;
    expect(action.type).toBe('enum');
    const labels = new Map(action.options!.map((o) => [o.value, o.label]));
    expect(labels.get('login')).toEqual({ zh: '登录', en: 'Log in' });
    expect(labels.get('resource-create')).toEqual({ zh: '新增记录', en: 'Create a record' });
    // A step of a workflow is logged in the words of its button.
    const ask = (await resourceApi(server, 'price_asks').create(seller, { goods_name: '球阀', quantity: 2 })).body.data;
    expect((await call(server, `/api/resources/price_asks/${ask.id}/actions/close`, { token: seller, body: {} })).body.code).toBe(200);
    expect(labels.get('resource-close')).toEqual({ zh: '关闭询价', en: 'Close' });
    // Every action logged so far has its words.
    const logged = await resourceApi(server, 'system_logs').list(admin, { pageSize: 500 });
    expect(logged.body.data.rows.map((row) => row.action)).toContain('resource-close');
    for (const row of logged.body.data.rows) expect(labels.has(row.action as string), String(row.action)).toBe(true);
  });

  it('resolves only the screens the caller may open', async () => {
    const adminScreen = await call(server, '/api/screens/resolve', { token: seller, body: { vue_path: 'setting/role' } });
    expect(adminScreen.status).toBe(403);
    expect(adminScreen.body).toEqual({ code: 403, msg: '没有权限', data: null });
    const own = await call<{ screen: unknown } | null>(server, '/api/screens/resolve', { token: seller, body: { vue_path: 'goods/list' } });
    expect(own.body.code).toBe(200);
    expect(own.body.data).not.toBeNull();
    const asAdmin = await call(server, '/api/screens/resolve', { token: admin, body: { vue_path: 'setting/role' } });
    expect(asAdmin.body.code).toBe(200);
    const manager = (await loginAs(server, 'qianwei', 'demo123456')).token;
    expect((await call(server, '/api/screens/resolve', { token: manager, body: { vue_path: 'goods/list' } })).status).toBe(403);
  });
});
