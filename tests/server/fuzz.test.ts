import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { badValues, bodyCases, casesFor, operationsOf, seededRandom, type FuzzCase, type JsonSchema, type OpenApiDocument } from '../support/fuzz-cases';
import { valuesSchema, type ResourceDefinition, type ResourceRecord } from '../../src/contract/resource';
import { rawRequest } from '../support/raw-http';
import { connectChat } from '../support/chat-client';
import { chatUser } from '../support/chat-api';
import type { PublishAck } from '../../src/contract/chat';

const SEED = 17;

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** What is wrong with an answer, or null: a 5xx, or anything but the envelope (a downloaded file aside). */
function problemOf(answer: Answer): string | null {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status === 200 && !answer.contentType.includes('json')) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `not JSON (${answer.status} ${answer.contentType})`;
  }
  const envelope = body as { code?: unknown; msg?: unknown; data?: unknown };
  if (typeof body !== 'object' || body === null || !('data' in envelope)) return 'no envelope';
  if (typeof envelope.msg !== 'string' || envelope.msg === '') return 'no message';
  if (typeof envelope.code !== 'number' && typeof envelope.code !== 'string') return 'no code';
  if (answer.status >= 400 && envelope.code !== answer.status) return `code ${String(envelope.code)} on HTTP ${answer.status}`;
  return null;
}

async function send(server: TestServer, c: FuzzCase, token: string): Promise<Answer> {
  const headers = { ...c.headers, ...(c.anonymous || c.headers.authorization ? {} : { authorization: `Bearer ${token}` }) };
  if (c.raw) {
    const lines = Object.entries({ host: 'fuzz', connection: 'close', ...headers, ...(c.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(c.body)) }) });
    const request = `${c.method} ${c.url} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${c.body ?? ''}`;
    const answer = await rawRequest(server.url, request);
    return { status: answer.status, contentType: answer.headers['content-type'] ?? '', text: answer.text };
  }
  const response = await fetch(server.url + c.url, { method: c.method, headers, body: c.body });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

describe.each(DIALECTS)('every operation of the OpenAPI document under bad input on %s', (dialect) => {
  let server: TestServer;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as OpenApiDocument;
  });
  afterAll(() => server.close());

  it('answers every request in the envelope, never with a 5xx, and still answers afterwards', { timeout: 180_000 }, async () => {
    const random = seededRandom(SEED);
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(70);
    let token = (await loginAs(server, 'admin', 'admin123')).token;
    const problems: string[] = [];
    let sent = 0;
    for (const op of operations) {
      for (const c of casesFor(op, doc, random)) {
        const answer = await send(server, c, token).catch((error: Error) => ({ status: 0, contentType: '', text: `no answer: ${error.message}` }));
        sent += 1;
        const problem = answer.status === 0 ? answer.text : problemOf(answer);
        if (problem) problems.push(`${op.method} ${op.path} [${c.label}]: ${problem} — ${answer.text.slice(0, 160)}`);
      }
      // A case may have ended or locked the session (logout, lock): the next operation gets a fresh one.
      const probe = await fetch(`${server.url}/api/index/profile`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      if (((await probe.json()) as { code: number }).code !== 200) token = (await loginAs(server, 'admin', 'admin123')).token;
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(2_000);
    const after = await loginAs(server, 'admin', 'admin123');
    const init = await fetch(`${server.url}/api/index/index-init`, { method: 'POST', headers: { authorization: `Bearer ${after.token}` } });
    expect(((await init.json()) as { code: number }).code).toBe(200);
  });

  it('takes every field of every resource apart the same way: create, update, filter and sort with bad values', { timeout: 180_000 }, async () => {
    const random = seededRandom(SEED);
    const token = (await loginAs(server, 'admin', 'admin123')).token;
    const post = async (route: string, body: unknown): Promise<Answer> => {
      const response = await fetch(server.url + route, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
    };
    const definitions = ((await (await fetch(`${server.url}/api/resources`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { rows: ResourceDefinition[] } }).data.rows;
    expect(definitions.length).toBeGreaterThan(10);
    const problems: string[] = [];
    let sent = 0;
    for (const definition of definitions) {
      const base = `/api/resources/${definition.name}`;
      const schema = valuesSchema(definition) as JsonSchema;
      const first = JSON.parse((await post(`${base}/list`, { pageSize: 1 })).text) as { data?: { rows?: ResourceRecord[] } };
      const row = first.data?.rows?.[0];
      for (const field of definition.fields) {
        const cases = badValues(schema.properties?.[field.name] ?? {}, doc, random).filter(() => random() < 0.3);
        const requests: Array<[string, unknown]> = [
          ['sort', { sort: [{ field: field.name, order: 'desc' }], pageSize: 5 }],
          ['isNull filter', { filters: [{ field: field.name, op: 'isNull', value: true }] }],
          ['contains filter', { filters: [{ field: field.name, op: 'contains', value: '%_\\\u0000' }] }],
        ];
        for (const [label, value] of cases) {
          requests.push([`create ${label}`, { values: { [field.name]: value } }]);
          if (row) requests.push([`update ${label}`, { id: row.id, version: row.version, values: { [field.name]: value } }]);
          if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
            const scalar = typeof value === 'string' ? value.slice(0, 500) : value;
            requests.push([`eq filter ${label}`, { filters: [{ field: field.name, op: 'eq', value: scalar }] }]);
            requests.push([`range filter ${label}`, { filters: [{ field: field.name, op: 'range', value: [scalar, scalar] }] }]);
          }
        }
        for (const [label, body] of requests) {
          const route = label.startsWith('create') ? 'create' : label.startsWith('update') ? 'update' : 'list';
          const answer = await post(`${base}/${route}`, body);
          sent += 1;
          const problem = problemOf(answer);
          if (problem) problems.push(`${definition.name}.${field.name} [${label}]: ${problem} — ${answer.text.slice(0, 160)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(400);
  });

  it('answers every bad chat frame on the socket in the envelope and keeps the socket open', { timeout: 60_000 }, async () => {
    const random = seededRandom(SEED);
    const me = await chatUser(server, 'seller');
    const to = await chatUser(server, 'staff');
    const socket = await connectChat(server.url, me.token);
    try {
      const schema = doc.paths['/chat/talk/message/publish'].post.requestBody!.content['application/json'].schema;
      const heard = new Set<unknown>();
      const problems: string[] = [];
      let n = 0;
      for (const [label, body] of bodyCases(schema, doc, random)) {
        const content = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } as Record<string, unknown> : body;
        // Each frame its own id, unless the id is what the case spoils: its answer is then told apart by order.
        if (content && typeof content === 'object' && (content as Record<string, unknown>).client_msg_id === 'fuzz_case') (content as Record<string, unknown>).client_msg_id = `fuzz-frame-${n++}`;
        socket.send('im.message.publish', content);
        if (typeof (content as { client_msg_id?: unknown } | null)?.client_msg_id !== 'string') continue;
        const ack = await socket.next<PublishAck>('im.message.ack', (a) => !heard.has(a)).catch(() => null);
        if (!ack) {
          problems.push(`${label}: no answer`);
          continue;
        }
        heard.add(ack.content);
        const { code, msg } = ack.content;
        if (typeof code !== 'number' || code >= 500 || typeof msg !== 'string' || !('data' in ack.content)) problems.push(`${label}: ${JSON.stringify(ack.content).slice(0, 160)}`);
      }
      for (const raw of ['not json', '{"event":', '[]', 'null', '{"event":"im.message.read","content":{"talk_type":"x"}}', '{"event":"im.message.keyboard","content":null}', '{"event":"nonsense"}', JSON.stringify({ event: 'im.message.publish', content: 'x'.repeat(100_000) })]) {
        socket.socket.send(raw);
      }
      socket.socket.send(Buffer.from([0xff, 0xfe, 0x00]));
      expect(problems).toEqual([]);
      socket.send('ping', {});
      await socket.next('pong');
      const alive = await me.publish({ receiver_id: to.id, content: '帧测试之后' });
      expect(alive.content).toBe('帧测试之后');
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    } finally {
      await socket.close();
    }
  });
});
