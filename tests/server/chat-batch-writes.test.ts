import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { DIALECTS, startTestServer, type TestServer } from '../support/server-harness';
import { chatUser, type ChatUser } from '../support/chat-api';
import { publishMessage, type NewMessage, type Target } from '../../server/chat/messages';
import { createBatchWriter } from '../../server/db/batch';
import { conversationId, conversationKey, type Conversation } from '../../server/chat/conversations';

describe.each(DIALECTS)('messages through the batch writer on %s', (dialect) => {
  let server: TestServer;
  let seller: ChatUser;
  let staff: ChatUser;
  let zhaolei: ChatUser;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    [seller, staff, zhaolei] = await Promise.all(['seller', 'staff', 'zhaolei'].map((name) => chatUser(server, name)));
  });
  afterAll(() => server.close());

  /** The stored private conversation between two users (a message over HTTP makes sure of it) and its last sequence. */
  async function conversation(from: ChatUser, to: ChatUser): Promise<Target & { last: number }> {
    const first = await from.publish({ receiver_id: to.id, content: '开场' });
    const row = await server.database.db.selectFrom('chat_messages').select('conversation_id').where('id', '=', first.id).executeTakeFirstOrThrow();
    return { id: row.conversation_id, talkType: 1, participants: [from.id, to.id], last: first.sequence };
  }
  const text = (from: ChatUser, to: ChatUser, content: string, clientMsgId = randomUUID()): NewMessage => ({
    sendId: from.id, receiverId: to.id, msgType: 1, content, extra: {}, clientMsgId,
  });

  it('commits messages sent in the same moment together, each conversation gapless and in order, a repeat stored once', async () => {
    const [a, b] = await Promise.all([conversation(seller, staff), conversation(zhaolei, staff)]);
    const writes = createBatchWriter(server.database.db);
    const writer = { publish: (target: Target, message: NewMessage) => publishMessage(writes, target, message) };
    const repeated = randomUUID();
    const results = await Promise.all([
      writer.publish(a, text(seller, staff, '一', repeated)),
      writer.publish(b, text(zhaolei, staff, '甲')),
      writer.publish(a, text(staff, seller, '二')),
      writer.publish(a, text(seller, staff, '一', repeated)),
      writer.publish(b, text(zhaolei, staff, '乙')),
      writer.publish(a, text(seller, staff, '三')),
    ]);
    expect(results.map((r) => r.created)).toEqual([true, true, true, false, true, true]);
    expect(results[3].row.id).toBe(results[0].row.id);
    const sequences = (conversationId: number) =>
      results.filter((r) => r.row.conversation_id === conversationId && r.created).map((r) => [r.row.content, r.row.sequence]);
    expect(sequences(a.id)).toEqual([['一', a.last + 1], ['二', a.last + 2], ['三', a.last + 3]]);
    expect(sequences(b.id)).toEqual([['甲', b.last + 1], ['乙', b.last + 2]]);
    const counter = await server.database.db.selectFrom('chat_conversations').select('last_sequence').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(counter.last_sequence).toBe(a.last + 3);
  });

  it('fails only the message that cannot be stored; the others of its moment are committed', async () => {
    const a = await conversation(staff, zhaolei);
    const writes = createBatchWriter(server.database.db);
    const writer = { publish: (target: Target, message: NewMessage) => publishMessage(writes, target, message) };
    const gone: Target = { id: 999_999, talkType: 1, participants: [seller.id, staff.id] };
    const [before, lost, after] = await Promise.allSettled([
      writer.publish(a, text(staff, zhaolei, '前')),
      writer.publish(gone, text(seller, staff, '无处可存')),
      writer.publish(a, text(staff, zhaolei, '后')),
    ]);
    expect(lost.status).toBe('rejected');
    expect([before, after].map((r) => (r.status === 'fulfilled' ? [r.value.row.content, r.value.row.sequence] : r.reason))).toEqual([['前', a.last + 1], ['后', a.last + 2]]);
  });

  it('moves a shown session to the top of its owner\'s list by its conversation\'s last message, without writing it', async () => {
    const [a, b] = await Promise.all([conversation(zhaolei, seller), conversation(staff, seller)]);
    const sessionOf = (ownerId: number, conversationId: number) =>
      server.database.db.selectFrom('chat_sessions').selectAll().where('user_id', '=', ownerId).where('conversation_id', '=', conversationId).executeTakeFirstOrThrow();
    const before = await sessionOf(seller.id, a.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const writes = createBatchWriter(server.database.db);
    await publishMessage(writes, b, text(staff, seller, '后来的'));
    await publishMessage(writes, a, text(zhaolei, seller, '最新的'));
    // The receiver's and the author's sessions were shown already: neither row is written again.
    expect(await sessionOf(seller.id, a.id)).toEqual(before);
    const sessions = await seller.sessions();
    expect(sessions.slice(0, 2).map((s) => [s.receiver_id, s.msg_text])).toEqual([[zhaolei.id, '最新的'], [staff.id, '后来的']]);
    expect(sessions[0].updated_at).toBeGreaterThan(before.updated_at);
  });

  it.runIf(dialect === 'postgres')('stores a moment\'s messages on PostgreSQL with one statement, without BEGIN or COMMIT', async () => {
    const [a, b] = await Promise.all([conversation(seller, zhaolei), conversation(staff, zhaolei)]);
    const sent: string[] = [];
    const pool = new pg.Pool({ connectionString: server.config.databaseUrl!, max: 2 });
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        sent.push(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text);
        return query(...args);
      }) as typeof client.query;
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      const writes = createBatchWriter(db);
      const results = await Promise.all([
        publishMessage(writes, a, text(seller, zhaolei, '一')),
        publishMessage(writes, b, text(staff, zhaolei, '甲')),
        publishMessage(writes, a, text(zhaolei, seller, '二')),
      ]);
      expect(results.map((r) => [r.row.content, r.row.sequence, r.created])).toEqual([['一', a.last + 1, true], ['甲', b.last + 1, true], ['二', a.last + 2, true]]);
      expect(sent).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it('stores a repeat sent while its first commit is still under way once, and answers the stored record', async () => {
    const a = await conversation(seller, staff);
    const writes = createBatchWriter(server.database.db, { commitsAtOnce: 3 });
    const message = text(seller, staff, '重发');
    const first = publishMessage(writes, a, message);
    // The first moment's commit has started by the time the repeat is asked for.
    await new Promise((resolve) => setImmediate(resolve));
    const repeat = publishMessage(writes, a, { ...message });
    const [stored, again] = await Promise.all([first, repeat]);
    // Whichever reached the database first stored it (on PostgreSQL each may wait for a connection); the other found it.
    expect([stored.created, again.created].filter(Boolean)).toHaveLength(1);
    // The repeat answers the stored record itself, field for field.
    expect(again.row).toEqual(stored.row);
    const rows = await server.database.db.selectFrom('chat_messages').select('id').where('client_msg_id', '=', message.clientMsgId).execute();
    expect(rows).toHaveLength(1);
  });
  it.runIf(dialect === 'postgres')("probes a moment's conversations by their key in the append's kept plan, even one made while the table was small", async () => {
    const a = await conversation(seller, staff);
    const { db } = server.database;
    let append = '';
    // The append statement's text, as the batch writer sends it.
    const seen = new Proxy(db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (key === 'executeQuery') {
          return (query: CompiledQuery) => {
            if (query.sql.includes('insert into chat_messages')) append = query.sql;
            return db.executeQuery(query);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await publishMessage(createBatchWriter(seen), a, text(seller, staff, '计划'));
    // A connection keeps a statement's generic plan, made from the table as it was then: on a new
    // database, a handful of conversations. Once there are thousands, a scan reads them all at every statement.
    const client = new pg.Client({ connectionString: server.config.databaseUrl! });
    await client.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare kept_append (jsonb, bigint) as ${append}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain execute kept_append('[]', 0)`);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Scan using chat_conversations_pkey');
      expect(plan).not.toMatch(/Seq Scan on chat_conversations/);
      // Run on a moment of three conversations (and undone): the counters are raised without comparing
      // every pair of the moment's conversations, which grew with the square of the batch.
      const [b, c] = await Promise.all([conversation(zhaolei, staff), conversation(seller, zhaolei)]);
      const now = Date.now();
      const moment = [[a, seller, staff], [b, zhaolei, staff], [c, seller, zhaolei], [a, staff, seller]] as const;
      const rowsGiven = moment.map(([target, from, to], i) => [i, target.id, 1, from.id, to.id, 1, '计划', '{}', randomUUID(), now]);
      await client.query('begin');
      const analyzed = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) execute kept_append(${client.escapeLiteral(JSON.stringify(rowsGiven))}, ${now})`);
      await client.query('rollback');
      const ran = analyzed.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(ran).toMatch(/Insert on chat_messages \(actual [^)]* rows=4 /);
      expect(ran).not.toMatch(/Rows Removed by Join Filter/);
    } finally {
      await client.end();
    }
  });

  it('creates the conversations first written in one moment with one statement, each once however many ask', async () => {
    const { db } = server.database;
    let statements = 0;
    // Every statement of the lookup, counted: a database handle whose executeQuery counts its calls.
    const counted = new Proxy(db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (key === 'executeQuery') return (...args: Parameters<typeof db.executeQuery>) => (statements++, db.executeQuery(...args));
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    // Users that exist nowhere: a conversation's key names them, nothing refers to them.
    const base = 900_000 + Math.floor(Math.random() * 90_000);
    const fresh = (a: number, b: number): Conversation => ({
      key: conversationKey(1, a, b), talkType: 1, receiverId: b, groupId: null, participants: [a, b], robot: null, me: { name: '', logo: '' }, storedId: null,
    });
    const pairs = [0, 2, 4].map((i) => [base + i, base + i + 1]);
    // Both sides of each pair write their first message in the same moment.
    const ids = await Promise.all(pairs.flatMap(([a, b]) => [conversationId(counted, fresh(a, b)), conversationId(counted, fresh(b, a))]));
    expect(statements).toBe(2);
    expect(ids.filter((_, i) => i % 2 === 0)).toEqual(ids.filter((_, i) => i % 2 === 1));
    expect(new Set(ids).size).toBe(3);
    const rows = await db.selectFrom('chat_conversations').select(['id', 'conv_key']).where('conv_key', 'in', pairs.map(([a, b]) => conversationKey(1, a, b))).execute();
    expect(rows.map((r) => r.id).toSorted()).toEqual([...new Set(ids)].toSorted());
  });
});
