import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { ListPage, ResourceRecord } from '../../src/contract/resource';
import type { ChatRecord } from '../../src/contract/api/chat';

describe.each(DIALECTS)('robot reply rules as a resource on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let seller: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await loginAs(server, 'admin', 'admin123')).token;
    seller = (await loginAs(server, 'seller', 'seller123')).token;
  });
  afterAll(() => server.close());

  it('an admin edits a rule in the resource API and the assistant answers with it at once', async () => {
    const rules = await call<ListPage>(server, '/api/resources/chat_robot_rules/list', { token: admin, body: { keyword: '报价', pageSize: 10 } });
    const rule = rules.body.data.rows[0] as ResourceRecord;
    expect(rule).toMatchObject({ keyword: '报价', version: 1 });
    const updated = await call<ResourceRecord>(server, '/api/resources/chat_robot_rules/update', {
      token: admin,
      body: { id: rule.id, version: 1, values: { reply: '报价请在“现货报价”中提交，我们会尽快回复。' } },
    });
    expect(updated.body.data.version).toBe(2);
    const stale = await call(server, '/api/resources/chat_robot_rules/update', { token: admin, body: { id: rule.id, version: 1, values: { reply: 'x' } } });
    expect(stale.status).toBe(409);

    const session = await call<{ receiver_id: number }>(server, '/chat/talk/session/assistant', { token: seller, body: {} });
    const robot = session.body.data.receiver_id;
    const sent = await call<ChatRecord>(server, '/chat/talk/message/publish', {
      token: seller,
      body: { talk_type: 1, receiver_id: robot, msg_type: 1, content: '我想问报价', client_msg_id: 'robot-rule-test-1' },
    });
    expect(sent.body.code).toBe(200);
    let reply: ChatRecord | undefined;
    for (let i = 0; i < 50 && !reply; i++) {
      const page = await call<{ rows: ChatRecord[] }>(server, '/chat/talk/records', { token: seller, body: { talk_type: 1, receiver_id: robot, after_sequence: sent.body.data.sequence } });
      reply = page.body.data.rows.find((r) => r.send_id === robot);
      if (!reply) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(reply?.content).toBe('报价请在“现货报价”中提交，我们会尽快回复。');
  });

  it('keeps the rules to administrators', async () => {
    expect((await call(server, '/api/resources/chat_robot_rules/list', { token: seller, body: {} })).status).toBe(403);
  });
});
