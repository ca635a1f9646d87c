/**
 * Chat under load, one server process: 5,000 sockets with heartbeats; private messages published
 * on the sender's socket as the console sends them (`im.message.publish`) as fast as a window of
 * in-flight messages allows (messages/s), then at a steady 2,000 per second and at half the
 * measured peak (publish-to-delivery latency); and the most messages per second published over
 * HTTP (POST /chat/talk/message/publish, the console's fallback). The baseline, run beside it with
 * the same sockets, heartbeats and rates, is a bare `ws` server that only relays the same frames
 * (bench/fixtures/bare-ws-relay.ts).
 *
 * Beside the rates, the CPU time each server process spends per message at its peak (read from
 * /proc), which a machine loaded by others disturbs less than the rates. With TEST_DATABASE_URL set,
 * the socket side runs again on PostgreSQL (a schema of its own), and the CPU its backends spend per
 * message is read too.
 *
 * Each side needs a file descriptor per socket: with 5,000 sockets, `ulimit -n` must be above about
 * 5,200 for this process and for the server; `npm run bench` raises it as far as the hard limit allows
 * and this benchmark says so when that is not enough.
 * CHAT_BENCH_SOCKETS and CHAT_BENCH_RATE change the load; CHAT_BENCH_STORES=sqlite|postgresql runs one
 * store; CHAT_BENCH_PROFILE=<dir> profiles the server.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { openDatabase } from '../server/db/open';
import { prepareDatabase } from '../server/db/prepare';
import { createSession } from '../server/auth/sessions';
import { spawnServer } from '../tests/support/spawn-server';
import { postgresSchema } from '../tests/support/server-harness';
import { bundleServer, SERVER_BUNDLE, SERVER_ENTRY } from '../scripts/build-server';
import type { ChatFrame, ConnectContent, MessageContent, PublishAck } from '../src/contract/chat';
import type { PublishBody } from '../src/contract/api/chat';
import type { BenchRow } from './lib/row';

const ROOT = path.resolve(import.meta.dirname, '..');
const BARE_RELAY = path.join(import.meta.dirname, 'fixtures/bare-ws-relay.ts');
const SOCKETS = Number(process.env.CHAT_BENCH_SOCKETS ?? 5_000);
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 2_000);
/** Heartbeats every 10 s instead of 20 s: twice the steady ping load of the default. */
const PING_INTERVAL_S = 10;
const CONNECT_BATCH = 250;
const WARMUP_MS = 3_000;
const STEADY_MS = 15_000;
const MAX_WINDOW = 200;
const MAX_MS = 10_000;
/** An open loop stops adding messages past this many waiting, so an overloaded side stays measurable. */
const MAX_IN_FLIGHT = 5_000;
const DRAIN_LIMIT_MS = 60_000;
const LATENCY_BUDGET_MS = 100;
/** The lighter open loop runs at this share of the chat server's measured peak. */
const LIGHT_SHARE = 0.5;
/** The issue's goal: the chat server's peak at least this share of the bare relay's. */
const PEAK_SHARE = 0.5;
const HOUR_MS = 3_600_000;

interface Running {
  url: string;
  /** CPU time (user + system) the process has used so far, in ms. */
  cpuMs(): number;
  /** On PostgreSQL: the CPU time, in ms, each of the server's backends (by pid) has used so far. */
  databaseCpuMs?(): Promise<Map<number, number>>;
  stop(): Promise<unknown>;
}

/** What /proc says a process has spent on the CPU (fields 14 and 15 of its stat, in clock ticks). */
const TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/**
 * The CPU each backend serving one application name has used: on two shared cores PostgreSQL's work
 * per message counts as much as the server's. Backends of other work on the machine are left out.
 */
async function backendsCpuMs(adminUrl: string, applicationName: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [applicationName]);
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuMsOf(pid));
      } catch {
        // Ended since it was listed.
      }
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/** What backends spent between two readings (a backend started meanwhile counts from zero). */
function cpuSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

/** A socket per user on each side, plus the server's own files and the bench's HTTP connections. */
const FILES_NEEDED = SOCKETS + 1_000;
function checkFileLimit(): void {
  const soft = execFileSync('sh', ['-c', 'ulimit -n']).toString().trim();
  if (soft !== 'unlimited' && Number(soft) < FILES_NEEDED) {
    throw new Error(`${SOCKETS} sockets need \`ulimit -n\` ≥ ${FILES_NEEDED} (it is ${soft}; the hard limit is ${execFileSync('sh', ['-c', 'ulimit -Hn']).toString().trim()})`);
  }
}

/** How one side takes a message from user `from` to user `to`; `socketOf` gives a user's open socket. */
type Publish = (from: number, to: number, clientMsgId: string, socketOf: (i: number) => WebSocket) => Promise<void>;

interface Side {
  name: string;
  server: Running;
  /** The token (or, for the bare relay, nothing) each socket opens with, by user index. */
  socketQuery: (i: number) => string;
  publish: Publish;
  userIds: number[];
}

/** A database with the demo data and SOCKETS users, each signed in once; their access tokens. */
async function prepareUsers(dataDir: string, databaseUrl: string | null): Promise<{ ids: number[]; tokens: string[] }> {
  const database = openDatabase({ databaseUrl, dataDir });
  await prepareDatabase(database, { demoSeed: true });
  const now = Date.now();
  const ids: number[] = [];
  const tokens: string[] = [];
  await database.db.transaction().execute(async (trx) => {
    const team = await trx.selectFrom('teams').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (let i = 0; i < SOCKETS; i++) {
      const { id } = await trx
        .insertInto('users')
        .values({ team_id: team.id, department_id: null, username: `bench${i}`, password_hash: '!', name: `压测用户${i}`, logo: '', mobile: null, email: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const issued = await createSession(trx, id, { ip: '127.0.0.1', userAgent: 'chat bench' }, { accessTtlMs: 2 * HOUR_MS, refreshTtlMs: 2 * HOUR_MS, rotationGraceMs: 0 }, now);
      ids.push(id);
      tokens.push(issued.access);
    }
  });
  await database.close();
  return { ids, tokens };
}

/**
 * CHAT_BENCH_PROFILE=<dir> writes a CPU profile of the chat server there (open it in Chrome's
 * DevTools), to find where a message's time goes.
 */
function profiling(): Record<string, string> {
  const dir = process.env.CHAT_BENCH_PROFILE;
  if (!dir) return {};
  const preload = pathToFileURL(path.join(import.meta.dirname, 'fixtures/cpu-profile.mjs')).href;
  return { CPU_PROFILE_DIR: path.resolve(dir), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim() };
}

function startBareRelay(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', BARE_RELAY], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', CHAT_PING_INTERVAL: String(PING_INTERVAL_S) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running: (http:\/\/\S+)/.exec(output);
      if (match)
        resolve({
          url: match[1],
          cpuMs: () => cpuMsOf(child.pid!),
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
    });
    void exited.then(() => reject(new Error(`bare ws relay exited:\n${output}`)));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function postJson(url: string, route: string, token: string, body: unknown): Promise<void> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}${route}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}` } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${route}: HTTP ${response.statusCode} ${text}`))));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The sockets of every user, with their heartbeats; reports deliveries to `delivered`, refusals to `refused`. */
async function openFleet(side: Side, delivered: (clientMsgId: string) => void, refused: (clientMsgId: string, why: string) => void) {
  const sockets = new Array<WebSocket>(SOCKETS);
  const timers: NodeJS.Timeout[] = [];
  let pongs = 0;
  let pings = 0;
  const started = performance.now();
  const open = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${side.server.url.replace('http', 'ws')}/chat/ws?${side.socketQuery(i)}`);
      sockets[i] = socket;
      socket.on('error', reject);
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as ChatFrame;
        if (frame.event === 'im.message') {
          const content = frame.content as MessageContent;
          if (content.receiver_id === side.userIds[i]) delivered(content.data.client_msg_id);
        } else if (frame.event === 'im.message.ack') {
          const ack = frame.content as PublishAck;
          if (ack.code !== 200) refused(ack.client_msg_id, `${ack.code} ${ack.msg}`);
        } else if (frame.event === 'pong') pongs++;
        else if (frame.event === 'connect') {
          const interval = (frame.content as ConnectContent).ping_interval * 1000;
          // Spread over the interval, as real clients connect at different moments.
          const first = setTimeout(() => {
            const ping = () => {
              pings++;
              socket.send('{"event":"ping","content":{}}');
            };
            ping();
            timers.push(setInterval(ping, interval));
          }, Math.random() * interval);
          timers.push(first);
          resolve();
        }
      });
    });
  for (let i = 0; i < SOCKETS; i += CONNECT_BATCH) {
    await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, SOCKETS - i) }, (_, k) => open(i + k)));
  }
  const connectMs = performance.now() - started;
  return {
    connectMs,
    socketOf: (i: number) => sockets[i],
    heartbeats: () => ({ pings, pongs }),
    async close() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(
        sockets.map((s) => {
          if (s.readyState === s.CLOSED) return undefined;
          const closed = new Promise((resolve) => s.once('close', resolve));
          s.close();
          return closed;
        }),
      );
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/** Latency and delivery at one steady publishing rate. */
interface Steady {
  rate: number;
  p50: number;
  p99: number;
  max: number;
  delivered: number;
  /** Messages not sent because MAX_IN_FLIGHT were already waiting. */
  shed: number;
  errors: number;
}

interface SideResult {
  connectMs: number;
  maxRate: number;
  /** The server process's CPU time per message delivered while the peak was measured, in µs. */
  cpuPerMessageUs: number;
  /** On PostgreSQL, its backends' CPU time per message over the same window, in µs. */
  databaseCpuPerMessageUs: number | null;
  steady: Steady[];
  firstError: string;
  pings: number;
  pongs: number;
}

/**
 * Against one side: the most messages per second with a window in flight, then an open loop at each
 * rate asked for (a number, or a function of the measured maximum).
 */
async function measure(side: Side, rates: Array<number | ((maxRate: number) => number)>): Promise<SideResult> {
  const sentAt = new Map<string, number>();
  let onDelivered: (latency: number) => void = () => {};
  let errors = 0;
  let firstError = '';
  const failed = (id: string, why: string) => {
    errors++;
    firstError ||= why;
    sentAt.delete(id);
  };
  const fleet = await openFleet(
    side,
    (id) => {
      const t0 = sentAt.get(id);
      if (t0 === undefined) return;
      sentAt.delete(id);
      onDelivered(performance.now() - t0);
    },
    failed,
  );
  let counter = 0;
  const send = () => {
    const k = counter++;
    const from = k % SOCKETS;
    const id = `${side.name}-${String(k).padStart(8, '0')}`;
    sentAt.set(id, performance.now());
    side.publish(from, (from + 1) % SOCKETS, id, fleet.socketOf).catch((error: unknown) => failed(id, error instanceof Error ? error.message : String(error)));
  };
  // A side that fell behind drains its backlog before the next phase starts.
  const drain = async () => {
    for (const started = performance.now(); sentAt.size > 0 && performance.now() - started < DRAIN_LIMIT_MS; ) await sleep(100);
    sentAt.clear();
  };

  // A window of messages in flight; each delivery lets the next one go.
  let maxDelivered = 0;
  let counting = false;
  onDelivered = () => {
    if (counting) maxDelivered++;
    send();
  };
  for (let i = 0; i < MAX_WINDOW; i++) send();
  await sleep(1_000);
  const databaseBefore = await side.server.databaseCpuMs?.();
  const cpuBefore = side.server.cpuMs();
  counting = true;
  await sleep(MAX_MS);
  counting = false;
  const cpuPerMessageUs = ((side.server.cpuMs() - cpuBefore) * 1000) / Math.max(1, maxDelivered);
  const databaseAfter = await side.server.databaseCpuMs?.();
  const databaseCpuPerMessageUs = databaseBefore && databaseAfter ? (cpuSpentMs(databaseBefore, databaseAfter) * 1000) / Math.max(1, maxDelivered) : null;
  onDelivered = () => {};
  await drain();
  const maxRate = maxDelivered / (MAX_MS / 1000);

  // Open loops: messages go out at the rate whatever the answers do; latencies after the warm-up count.
  const steady: Steady[] = [];
  const asked = rates.map((r) => Math.max(1, Math.round(typeof r === 'number' ? r : r(maxRate))));
  // A lighter rate that comes out as one already run is not run twice.
  for (const rate of asked.filter((r, i) => asked.indexOf(r) === i)) {
    const latencies: number[] = [];
    const errorsBefore = errors;
    let shed = 0;
    const started = performance.now();
    onDelivered = (latency) => {
      if (performance.now() - started >= WARMUP_MS) latencies.push(latency);
    };
    for (let due = 0; performance.now() - started < WARMUP_MS + STEADY_MS; await sleep(2)) {
      const target = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; due < target; due++) {
        if (sentAt.size < MAX_IN_FLIGHT) send();
        else shed++;
      }
    }
    // Late deliveries of this phase still count, up to the drain limit.
    await drain();
    onDelivered = () => {};
    latencies.sort((a, b) => a - b);
    steady.push({
      rate,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
      delivered: latencies.length / (STEADY_MS / 1000),
      shed,
      errors: errors - errorsBefore,
    });
  }

  const { pings, pongs } = fleet.heartbeats();
  await fleet.close();
  return { connectMs: fleet.connectMs, maxRate, cpuPerMessageUs, databaseCpuPerMessageUs, steady, firstError, pings, pongs };
}

/** Where a chat server keeps its data: SQLite in a folder, or a PostgreSQL schema of its own. */
interface Store {
  dialect: 'SQLite' | 'PostgreSQL';
  env: Record<string, string>;
  databaseUrl: string | null;
  /** PostgreSQL: what the chat server's backends have spent (they connect under their own application name). */
  databaseCpuMs?(): Promise<Map<number, number>>;
  drop(): Promise<void>;
}

/** The application name the chat server's PostgreSQL connections give. */
const BENCH_APPLICATION = `chat-bench-${process.pid}`;

async function stores(dataDir: string): Promise<Store[]> {
  // One process, whatever the shell exports: no Redis, and SQLite unless PostgreSQL is asked for.
  const sqlite: Store = { dialect: 'SQLite', env: { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, databaseUrl: null, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return [sqlite];
  const schema = await postgresSchema();
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-pg-'));
  const serverUrl = new URL(schema.url);
  serverUrl.searchParams.set('application_name', BENCH_APPLICATION);
  const postgres: Store = {
    dialect: 'PostgreSQL',
    env: { DATA_DIR: pgDir, DATABASE_URL: serverUrl.toString(), REDIS_URL: '' },
    databaseUrl: schema.url,
    databaseCpuMs: () => backendsCpuMs(adminUrl, BENCH_APPLICATION),
    drop: async () => {
      await schema.drop();
      fs.rmSync(pgDir, { recursive: true, force: true });
    },
  };
  // CHAT_BENCH_STORES=postgresql (or sqlite) runs one of them, for a quicker comparison of its own figures.
  const only = process.env.CHAT_BENCH_STORES;
  return [sqlite, postgres].filter((store) => !only || store.dialect.toLowerCase() === only.toLowerCase());
}

/** One chat server's results: on the socket (peak and steady rates), and on SQLite over HTTP too. */
interface ChatRun {
  dialect: Store['dialect'];
  socket: SideResult;
  http: SideResult | null;
}

export default async function chatBench(): Promise<BenchRow[]> {
  checkFileLimit();
  const loadBefore = os.loadavg();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-'));
  const places = await stores(dataDir);
  try {
    // The chat server runs compiled, as `npm start` runs it.
    await bundleServer(SERVER_ENTRY, SERVER_BUNDLE);
    const runs: ChatRun[] = [];
    let ids: number[] = [];
    for (const store of places) {
      const users = await prepareUsers(store.env.DATA_DIR, store.databaseUrl);
      // The first store's users are the bare relay's too.
      if (ids.length === 0) ids = users.ids;
      runs.push(await chatRun(store, users, runs.length === 0));
    }
    // The bare relay at the rates the SQLite server was held to (its peak set the lighter one).
    const bare = await startBareRelay();
    let bareResult: SideResult;
    try {
      bareResult = await measure(
        {
          name: 'bare',
          server: bare,
          userIds: ids,
          socketQuery: (i) => `id=${ids[i]}`,
          // The sender's own socket carries the frame, as a client of a relay would send it.
          publish: async (from, to, clientMsgId, socketOf) => socketOf(from).send(relayFrame(ids, from, to, clientMsgId)),
        },
        runs[0].socket.steady.map((phase) => phase.rate),
      );
    } finally {
      await bare.stop();
    }
    const load = `load average ${loadBefore[0].toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after (${os.cpus().length} cores)`;
    return runs.flatMap((run) => rows(run, bareResult, load));
  } finally {
    agent.destroy();
    for (const store of places) await store.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What a client of the bare relay sends for a private message: the frame the chat server would deliver. */
function relayFrame(ids: number[], from: number, to: number, clientMsgId: string): string {
  const content: MessageContent = {
    sender_id: ids[from],
    receiver_id: ids[to],
    talk_type: 1,
    data: {
      id: 0,
      sequence: 0,
      talk_type: 1,
      send_id: ids[from],
      receiver_id: ids[to],
      msg_type: 1,
      content: `bench message ${clientMsgId}`,
      extra: {},
      client_msg_id: clientMsgId,
      nickname: `压测用户${from}`,
      avatar: '',
      is_read: 0,
      created_at: Date.now(),
    },
  };
  return JSON.stringify({ event: 'im.message', content });
}

/**
 * One chat server on a store: messages on the socket (peak, then RATE and, on the first store, a
 * share of the peak that the bare relay is then held to as well), and on the first store over HTTP.
 */
async function chatRun(store: Store, { ids, tokens }: { ids: number[]; tokens: string[] }, first: boolean): Promise<ChatRun> {
  const server = await spawnServer(
    { ...store.env, LOG_LEVEL: 'warn', CHAT_PING_INTERVAL: String(PING_INTERVAL_S), CHAT_PING_TIMEOUT: String(PING_INTERVAL_S * 3), ...profiling() },
    SERVER_BUNDLE,
  );
  const running: Running = { url: server.url, cpuMs: () => cpuMsOf(server.child.pid!), databaseCpuMs: store.databaseCpuMs, stop: () => server.stop() };
  const body = (to: number, clientMsgId: string): PublishBody => ({
    talk_type: 1, receiver_id: ids[to], msg_type: 1, content: `bench message ${clientMsgId}`, client_msg_id: clientMsgId,
  });
  const side = (name: string, publish: Publish): Side => ({ name, server: running, userIds: ids, socketQuery: (i) => `token=${tokens[i]}`, publish });
  try {
    const socket = await measure(
      // The sender's own socket carries the message, as the console sends it.
      side('chat', async (from, to, clientMsgId, socketOf) => socketOf(from).send(JSON.stringify({ event: 'im.message.publish', content: body(to, clientMsgId) }))),
      first ? [RATE, (peak) => Math.min(RATE, peak * LIGHT_SHARE)] : [RATE],
    );
    const http = first
      ? await measure(
          side('http', (from, to, clientMsgId) => postJson(server.url, '/chat/talk/message/publish', tokens[from], body(to, clientMsgId))),
          [],
        )
      : null;
    return { dialect: store.dialect, socket, http };
  } finally {
    await running.stop();
  }
}

function rows({ dialect, socket: chat, http }: ChatRun, bare: SideResult, load: string): BenchRow[] {
  const baselineName = 'bare ws relay, same sockets';
  const heartbeat = (r: SideResult) => `${r.pongs}/${r.pings} pings answered`;
  const on = `, ${dialect}`;
  const result: BenchRow[] = [
    {
      name: `open ${SOCKETS.toLocaleString('en')} sockets${on}`,
      value: chat.connectMs,
      unit: 'ms',
      baseline: bare.connectMs,
      baselineName,
      note: `heartbeats every ${PING_INTERVAL_S} s: ${heartbeat(chat)} (baseline ${heartbeat(bare)})`,
    },
    {
      name: `most private messages per second (${MAX_WINDOW} in flight)${on}`,
      value: chat.maxRate,
      unit: 'msg/s',
      baseline: bare.maxRate,
      baselineName,
      // The issue's floor: half the bare relay's peak in the same run.
      floor: bare.maxRate * PEAK_SHARE,
      note: `published on the sender's socket, committed with its sequence, delivered to both sides; ${load}${chat.firstError ? `; first failure: ${chat.firstError.slice(0, 100)}` : ''}`,
    },
    {
      name: `server CPU per message at the peak${on}`,
      value: chat.cpuPerMessageUs,
      unit: 'µs',
      baseline: bare.cpuPerMessageUs,
      baselineName,
      note: 'user + system time of the server process over the peak window, per message delivered',
    },
  ];
  if (chat.databaseCpuPerMessageUs !== null) {
    result.push({
      name: `PostgreSQL CPU per message at the peak${on}`,
      value: chat.databaseCpuPerMessageUs,
      unit: 'µs',
      note: "user + system time of the chat server's backends over the peak window (not PostgreSQL's shared WAL writer and checkpointer)",
    });
  }
  if (http) {
    result.push({
      name: `most private messages per second over HTTP (${MAX_WINDOW} in flight)${on}`,
      value: http.maxRate,
      unit: 'msg/s',
      baseline: bare.maxRate,
      baselineName,
      note: `POST /chat/talk/message/publish, the console's way when its socket is not open${http.firstError ? `; first failure: ${http.firstError.slice(0, 100)}` : ''}`,
    });
  }
  chat.steady.forEach((phase, i) => {
    const base = bare.steady[i];
    const at = `at ${phase.rate.toLocaleString('en')} msg/s${on}`;
    const held = phase.p99 <= LATENCY_BUDGET_MS ? 'held' : 'NOT held';
    result.push(
      { name: `publish→delivery p50 ${at}`, value: phase.p50, unit: 'ms', baseline: base.p50, baselineName, note: `max ${phase.max.toFixed(0)} ms` },
      {
        name: `publish→delivery p99 ${at}`,
        value: phase.p99,
        unit: 'ms',
        baseline: base.p99,
        baselineName,
        budget: LATENCY_BUDGET_MS,
        note: `p99 ≤ ${LATENCY_BUDGET_MS} ms ${held}; ${STEADY_MS / 1000} s after a ${WARMUP_MS / 1000} s warm-up`,
      },
      {
        name: `delivered per second ${at}`,
        value: phase.delivered,
        unit: 'msg/s',
        baseline: base.delivered,
        baselineName,
        note: `${phase.shed} not sent (over ${MAX_IN_FLIGHT.toLocaleString('en')} waiting), ${phase.errors} failed`,
      },
    );
  });
  return result;
}
