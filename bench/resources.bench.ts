/**
 * The resource API on an admin-defined resource of 1,000,000 rows (SQLite), in a real server process:
 *  - a filtered, sorted page of 20: p95 latency one request at a time, and requests per second with
 *    50 concurrent clients (autocannon); baseline: the same page answered from memory by a route of
 *    the same server (same guard, envelope and answer schema);
 *  - export of 100,000 rows as CSV and as XLSX: time (baseline: reading the same rows through the
 *    list API, 1,000 a page) and the server's peak resident memory (baseline: its memory as that export
 *    began).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { prepareDatabase } from '../server/db/prepare';
import { createCustomResource, resourceRegistry } from '../server/resources/definitions';
import { tableOf } from '../server/resources/custom-tables';
import type { ListQuery } from '../src/contract/resource';
import { spawnServer, type SpawnedServer } from '../tests/support/spawn-server';
import type { BenchRow } from './lib/row';
import { percentile } from './lib/stats';
import { DAY, MEMORY_PAGE_ROUTE, ordersDefinition, seedOrders, STATUSES } from './lib/resource-data';

const LIST_ROWS = 1_000_000;
const EXPORT_ROWS = 100_000;
const LIST = 'bench_orders';
const EXPORT = 'bench_export';
const WARMUP = 100;
const SAMPLES = 500;
const CONNECTIONS = 50;
const LOAD_SECONDS = 10;
const P95_BUDGET_MS = 20;
const THROUGHPUT_FLOOR = 1000;
const MIXED_P95_BUDGET_MS = 50;
const MIXED_TIMEOUT_S = 30;
const MB = 1024 * 1024;

interface Prepared {
  dataDir: string;
  now: number;
  seedMs: number;
  indexMs: number;
}

/** A data folder with the demo data, the two resources and their rows, the list's indexes built. */
async function prepare(): Promise<Prepared> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-resources-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'on' });
  const database = openDatabase(config);
  await prepareDatabase(database, config);
  const seller = await database.db.selectFrom('users').select(['id', 'team_id']).where('username', '=', 'seller').executeTakeFirstOrThrow();
  const other = await database.db.selectFrom('users').select('team_id').where('username', '=', 'sunli').executeTakeFirstOrThrow();
  for (const name of [LIST, EXPORT]) await createCustomResource(database, ordersDefinition(name, false));
  await database.close();

  const now = Date.now();
  const file = path.join(dataDir, 'console.db');
  const seedMs = seedOrders(file, tableOf(LIST), LIST_ROWS, { main: seller.team_id, other: other.team_id }, seller.id, now);
  seedOrders(file, tableOf(EXPORT), EXPORT_ROWS, { main: seller.team_id, other: seller.team_id }, seller.id, now);

  // The designer's next save adds the indexes to the full table, as it would in production.
  const reopened = openDatabase(config);
  const started = performance.now();
  await resourceRegistry(reopened).save(ordersDefinition(LIST, true, 1), { userId: null });
  const indexMs = performance.now() - started;
  await reopened.close();
  return { dataDir, now, seedMs, indexMs };
}

async function login(url: string, username = 'seller', password = 'seller123'): Promise<string> {
  const response = await fetch(`${url}/api/public/login-do`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The CST day `days` before `now`, as a dateRange bound. */
function day(now: number, days: number): string {
  return new Date(now - days * DAY + 8 * 3600_000).toISOString().slice(0, 10);
}

function post(url: string, token: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * Latencies of the real list and of its from-memory twin, interleaved so a busy moment hurts both.
 * `memoryQueries` are what the twin serves (by default the same queries).
 */
async function latencies(url: string, token: string, queries: ListQuery[], memoryQueries = queries): Promise<{ real: number[]; memory: number[]; total: number }> {
  const real: number[] = [];
  const memory: number[] = [];
  let total = 0;
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    for (const [route, into, query] of [
      [`/api/resources/${LIST}/list`, real, queries[i % queries.length]],
      [`${MEMORY_PAGE_ROUTE}?resource=${LIST}`, memory, memoryQueries[i % memoryQueries.length]],
    ] as const) {
      const started = performance.now();
      const response = await post(url + route, token, query);
      const body = (await response.json()) as { code: number; msg: string; data: { total: number } };
      const elapsed = performance.now() - started;
      if (body.code !== 200) throw new Error(`${route} answered ${body.code}: ${body.msg}`);
      if (i >= WARMUP) into.push(elapsed);
      if (route.includes('/list')) total = Math.max(total, body.data.total);
    }
  }
  return { real, memory, total };
}

async function throughput(url: string, token: string, route: string, queries: ListQuery[]): Promise<number> {
  const result = await autocannon({
    url: url + route,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
    // A loaded machine can hold a request past autocannon's default 10 s; that is a slow answer, not a lost one.
    timeout: MIXED_TIMEOUT_S,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: queries.map((query) => ({ method: 'POST', body: JSON.stringify(query) })),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${route} under load: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * 50 clients over three users' scopes (the seller's team, another team, the administrator who sees
 * every team), each asking in turn a keyword (a customer's name of two or four characters, a
 * fragment of an order number), a sort and filters; requests per second and the p95 of every
 * answer's latency.
 */
async function mixedLoad(url: string, tokens: string[], queries: ListQuery[]): Promise<{ rate: number; p95: number; p50: number; errors: number }> {
  const latencies: number[] = [];
  const requests = tokens.flatMap((token) =>
    queries.map((query) => ({
      method: 'POST' as const,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(query),
    })),
  );
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = { url: `${url}/api/resources/${LIST}/list`, connections: CONNECTIONS, duration: LOAD_SECONDS, timeout: MIXED_TIMEOUT_S, requests };
    const instance = autocannon(options, (error, done) => (error ? reject(error as Error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  if (result.non2xx > 0) throw new Error(`mixed scopes under load: ${result.non2xx} non-2xx answers`);
  // A request that timed out counts as autocannon's timeout, so it is not left out of the p95.
  for (let i = 0; i < result.timeouts; i++) latencies.push(MIXED_TIMEOUT_S * 1000);
  return { rate: result.requests.average, p95: percentile(latencies, 95), p50: percentile(latencies, 50), errors: result.errors };
}

/** What sellers type and pick: keywords of several lengths, each with a sort and filters. */
function mixedQueries(now: number): ListQuery[] {
  const month = (status: string): ListQuery['filters'] => [
    { field: 'status', op: 'eq', value: status },
    { field: 'paid_at', op: 'dateRange', value: [day(now, 30), day(now, 0)] },
  ];
  return [
    { keyword: '华南纸业', filters: month('paid'), sort: [{ field: 'paid_at', order: 'desc' }], page: 1, pageSize: 20 },
    { keyword: '星河', filters: month('shipped'), sort: [{ field: 'amount', order: 'desc' }], page: 1, pageSize: 20 },
    { keyword: 'SO00012', sort: [{ field: 'paid_at', order: 'desc' }], page: 1, pageSize: 20 },
    { keyword: '00098', filters: [{ field: 'status', op: 'in', value: ['paid', 'signed'] }], sort: [{ field: 'amount', order: 'asc' }], page: 1, pageSize: 20 },
    { keyword: '明辉', sort: [{ field: 'paid_at', order: 'desc' }], page: 2, pageSize: 20 },
    { filters: [...month('signed')!, { field: 'amount', op: 'range', value: [5000, 50000] }], sort: [{ field: 'amount', order: 'desc' }], page: 1, pageSize: 20 },
  ];
}

function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Runs `work` while sampling the server's resident memory every 10 ms; answers its time, the memory at its start and the peak. */
async function watched(pid: number, work: () => Promise<void>): Promise<{ ms: number; start: number; peak: number }> {
  const start = residentBytes(pid);
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 10);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { ms: performance.now() - started, start, peak: Math.max(peak, residentBytes(pid)) };
}

async function download(url: string, token: string, format: 'csv' | 'xlsx'): Promise<number> {
  const response = await fetch(`${url}/api/resources/${EXPORT}/export?format=${format}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`export ${format} answered HTTP ${response.status}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    if (format === 'csv') for (const byte of chunk) if (byte === 10) newlines++;
  }
  if (format === 'csv' && newlines !== EXPORT_ROWS + 1) throw new Error(`CSV export had ${newlines} lines, not ${EXPORT_ROWS + 1}`);
  return bytes;
}

async function pageThrough(url: string, token: string): Promise<void> {
  for (let page = 1; page <= EXPORT_ROWS / 1000; page++) {
    const response = await post(`${url}/api/resources/${EXPORT}/list`, token, { page, pageSize: 1000 });
    const body = (await response.json()) as { data: { rows: unknown[] } };
    if (body.data.rows.length !== 1000) throw new Error(`list page ${page} had ${body.data.rows.length} rows`);
  }
}

export default async function resources(): Promise<BenchRow[]> {
  const { dataDir, now, seedMs, indexMs } = await prepare();
  let server: SpawnedServer | null = null;
  try {
    server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', DEMO_SEED: 'on' }, 'bench/fixtures/resource-server.ts');
    const { url } = server;
    const pid = server.child.pid!;
    const token = await login(url);

    // The seller's everyday question: orders of one status paid in a week, newest first.
    const week = (status: string, end: number): ListQuery => ({
      filters: [
        { field: 'status', op: 'eq', value: status },
        { field: 'paid_at', op: 'dateRange', value: [day(now, end + 6), day(now, end)] },
      ],
      sort: [{ field: 'paid_at', order: 'desc' }],
      page: 1,
      pageSize: 20,
    });
    const recent = STATUSES.map(([status]) => week(status, 0));
    // Every request a filter not asked before, so no kept total helps: the count runs each time.
    const unseen = Array.from({ length: WARMUP + SAMPLES }, (_, i) => week(STATUSES[i % STATUSES.length][0], 1 + Math.floor(i / STATUSES.length)));
    // A broad one: paid orders of most of the year, largest first. 270,000 to 320,000 rows match,
    // and no two requests ask for the same days, so each counts them all.
    const broad: ListQuery[] = Array.from({ length: WARMUP + SAMPLES }, (_, i) => ({
      filters: [
        { field: 'status', op: 'eq', value: 'paid' },
        { field: 'paid_at', op: 'dateRange', value: [day(now, 364 - (i % 60)), day(now, Math.floor(i / 60))] },
      ],
      sort: [{ field: 'amount', order: 'desc' }],
      page: 1,
      pageSize: 20,
    }));
    const narrow = await latencies(url, token, recent);
    const cold = await latencies(url, token, unseen, recent);
    const wide = await latencies(url, token, broad, recent);
    // Other work on the machine takes cores from the server and from autocannon alike.
    const load = os.loadavg()[0];
    const listRate = await throughput(url, token, `/api/resources/${LIST}/list`, recent);
    const memoryRate = await throughput(url, token, `${MEMORY_PAGE_ROUTE}?resource=${LIST}`, recent);
    const scopes = [token, await login(url, 'sunli', 'demo123456'), await login(url, 'admin', 'admin123')];
    const mixed = await mixedLoad(url, scopes, mixedQueries(now));

    await sleep(1000);
    const paging = await watched(pid, () => pageThrough(url, token));
    const csv = await watched(pid, async () => void (await download(url, token, 'csv')));
    const xlsx = await watched(pid, async () => void (await download(url, token, 'xlsx')));

    const setup = `seeded ${LIST_ROWS.toLocaleString('en')} rows in ${(seedMs / 1000).toFixed(1)} s, indexes built in ${(indexMs / 1000).toFixed(1)} s`;
    const rows: BenchRow[] = [
      {
        name: 'list 1M rows: status + 7-day range, by paid_at desc, page of 20, p95',
        value: percentile(narrow.real, 95),
        unit: 'ms',
        baseline: percentile(narrow.memory, 95),
        baselineName: 'same page from memory, same server',
        budget: P95_BUDGET_MS,
        note: `one request at a time, ${SAMPLES} samples over 5 statuses (totals kept until the table is written); up to ${narrow.total.toLocaleString('en')} matching rows; median ${percentile(narrow.real, 50).toFixed(1)} ms; ${setup}`,
      },
      {
        name: 'list 1M rows: same query, a week never asked before (total counted), p95',
        value: percentile(cold.real, 95),
        unit: 'ms',
        baseline: percentile(cold.memory, 95),
        baselineName: 'same page from memory, same server',
        budget: P95_BUDGET_MS,
        note: `${SAMPLES} distinct weeks × statuses, each asked once: no kept total; median ${percentile(cold.real, 50).toFixed(1)} ms`,
      },
      {
        name: 'list 1M rows: same query, requests/s with 50 clients',
        value: listRate,
        unit: 'req/s',
        baseline: memoryRate,
        baselineName: 'same page from memory, same server',
        floor: THROUGHPUT_FLOOR,
        note: `autocannon in this process, the server in its own, ${CONNECTIONS} connections for ${LOAD_SECONDS} s each, the 5 statuses in turn (totals kept until the table is written); ${os.cpus().length} cores, load average ${load.toFixed(1)} before`,
      },
      {
        name: 'list 1M rows: 50 clients over 3 users\' scopes, keywords + sorts + filters, requests/s',
        value: mixed.rate,
        unit: 'req/s',
        baseline: memoryRate,
        baselineName: 'one query from memory, same server',
        floor: THROUGHPUT_FLOOR,
        note: `seller, another team's seller and the administrator, 6 queries each in turn (keywords of 2 to 7 characters); ${CONNECTIONS} connections for ${LOAD_SECONDS} s`,
      },
      {
        name: 'list 1M rows: 50 clients over 3 users\' scopes, keywords + sorts + filters, p95',
        value: mixed.p95,
        unit: 'ms',
        budget: MIXED_P95_BUDGET_MS,
        note: `every answer of the load above; median ${mixed.p50.toFixed(1)} ms; ${mixed.errors} errors (timeouts counted as ${MIXED_TIMEOUT_S} s)`,
      },
      {
        name: 'list 1M rows: paid orders of ~300 days never asked before, by amount desc, p95',
        value: percentile(wide.real, 95),
        unit: 'ms',
        baseline: percentile(wide.memory, 95),
        baselineName: 'same page from memory, same server',
        note: `up to ${wide.total.toLocaleString('en')} matching rows, all counted on every request; median ${percentile(wide.real, 50).toFixed(1)} ms; no target`,
      },
    ];
    for (const [format, run] of [
      ['CSV', csv],
      ['XLSX', xlsx],
    ] as const) {
      rows.push(
        {
          name: `export ${EXPORT_ROWS.toLocaleString('en')} rows as ${format}: time`,
          value: run.ms / 1000,
          unit: 's',
          baseline: paging.ms / 1000,
          baselineName: 'the same rows through list, 1,000 a page',
        },
        {
          name: `export ${EXPORT_ROWS.toLocaleString('en')} rows as ${format}: server peak RSS`,
          value: run.peak / MB,
          unit: 'MB',
          // Memory the server already holds (and may give back meanwhile) is not the export's: the
          // baseline is the RSS as this export began.
          baseline: run.start / MB,
          baselineName: 'server RSS as the export began',
          note: `+${((run.peak - run.start) / MB).toFixed(1)} MB while exporting; paging through list grew it by ${((paging.peak - paging.start) / MB).toFixed(1)} MB`,
        },
      );
    }
    return rows;
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
