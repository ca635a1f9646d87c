/**
 * The quoting board at volume (SQLite, a real server process): 1,000,000 asks of 20 asking teams and
 * about 3,000,000 sealed quotes of 10 quoting teams, with the open asks' manual queues. Pages of 20
 * read through the real list route as each side sees them:
 *  - the quoting staff's market (every open ask, and the decided ones their team quoted or queued),
 *    their own quotes, and the market's open asks of one goods category;
 *  - the asker's own asks, and every quote on them (from all quoting teams).
 * p95 latency one request at a time (budget 20 ms), totals counted up to LIST_TOTAL_CAP ("10,000+"
 * past it); baseline in the same run, interleaved: the same page over a plain one-team table of
 * 1,000,000 rows (an admin-defined resource, no visibility rules). Beside them, the server CPU time
 * of the 所属团队 filter's choices (POST …/teams: the teams whose rows the reader may read) as the
 * staff's market and the asker's quotes offer them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { prepareDatabase } from '../server/db/prepare';
import { createCustomResource, resourceRegistry } from '../server/resources/definitions';
import { tableOf } from '../server/resources/custom-tables';
import type { ListPage, ListQuery } from '../src/contract/resource';
import { spawnServer, type SpawnedServer } from '../tests/support/spawn-server';
import type { BenchRow } from './lib/row';
import { percentile } from './lib/stats';
import { processCpuMs } from './lib/process-cpu';
import { ordersDefinition, seedOrders } from './lib/resource-data';
import { addTeams, seedBoard, type BoardCounts } from './lib/quoting-data';

const ASKS = 1_000_000;
const PLAIN_ROWS = 1_000_000;
const PLAIN = 'bench_board_plain';
const ASKING_TEAMS = 20;
const QUOTING_TEAMS = 10;
const WARMUP = 50;
const SAMPLES = 300;
const P95_BUDGET_MS = 20;
const CPU_SAMPLES = 200;
const CHOICES_SAMPLES = 50;

interface Prepared {
  dataDir: string;
  counts: BoardCounts;
  seedS: number;
}

/** A data folder with the demo data, teams enough for the board, its rows and the plain table's. */
export async function prepare(): Promise<Prepared> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-quoting-board-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'on' });
  const database = openDatabase(config);
  await prepareDatabase(database, config);
  const { db } = database;
  const teamOf = async (username: string) => (await db.selectFrom('users').select('team_id').where('username', '=', username).executeTakeFirstOrThrow()).team_id;
  const [sellerTeam, staffTeam, sunliTeam] = [await teamOf('seller'), await teamOf('staff'), await teamOf('sunli')];
  const seller = (await db.selectFrom('users').select('id').where('username', '=', 'seller').executeTakeFirstOrThrow()).id;
  const ofType = async (type: number) => (await db.selectFrom('teams').select('id').where('type', '=', type).orderBy('id').execute()).map((t) => t.id);
  const [asking, quoting] = [await ofType(1), await ofType(2)];
  await createCustomResource(database, ordersDefinition(PLAIN, false));
  await database.close();

  const now = Date.now();
  const file = path.join(dataDir, 'console.db');
  const started = performance.now();
  asking.push(...addTeams(file, 1, Array.from({ length: ASKING_TEAMS - asking.length }, (_, i) => `采购${i + 1}组`), now));
  quoting.push(...addTeams(file, 2, Array.from({ length: QUOTING_TEAMS - quoting.length }, (_, i) => `云仓${i + 3}`), now));
  const first = (list: number[], id: number) => [id, ...list.filter((t) => t !== id)];
  const counts = seedBoard(file, { asking: first(asking, sellerTeam), quoting: first(quoting, staffTeam) }, ASKS, now);
  seedOrders(file, tableOf(PLAIN), PLAIN_ROWS, { main: sellerTeam, other: sunliTeam }, seller, now);
  const seedS = (performance.now() - started) / 1000;

  // The designer's save builds the plain table's indexes; opening the database runs the migrations (quoting's indexes).
  const reopened = openDatabase(config);
  await prepareDatabase(reopened, config);
  await resourceRegistry(reopened).save(ordersDefinition(PLAIN, true, 1), { userId: null });
  await reopened.close();
  return { dataDir, counts, seedS };
}

async function login(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/public/login-do`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

interface Page {
  name: string;
  token: string;
  resource: string;
  query: ListQuery;
}

/** One page read through the list route, checked to be a full page. */
async function readPage(url: string, page: Page): Promise<ListPage> {
  const response = await fetch(`${url}/api/resources/${page.resource}/list`, { method: 'POST', headers: { authorization: `Bearer ${page.token}`, 'content-type': 'application/json' }, body: JSON.stringify(page.query) });
  const body = (await response.json()) as { code: number; msg: string; data: ListPage };
  if (body.code !== 200) throw new Error(`${page.name} answered ${body.code}: ${body.msg}`);
  if (body.data.rows.length !== 20) throw new Error(`${page.name} answered ${body.data.rows.length} rows`);
  return body.data;
}

/** p95 of each page and of the plain table's, requests interleaved so a busy moment hurts all alike. */
async function latencies(url: string, pages: Page[], plain: Page): Promise<{ p95: number[]; plain: number; totals: string[] }> {
  const samples = pages.map(() => [] as number[]);
  const plainSamples: number[] = [];
  const totals = pages.map(() => '');
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    for (const [k, page] of [...pages, plain].entries()) {
      const started = performance.now();
      const data = await readPage(url, page);
      const elapsed = performance.now() - started;
      if (i < WARMUP) continue;
      if (k < pages.length) {
        samples[k].push(elapsed);
        totals[k] = `${data.total.toLocaleString('en')}${data.totalCapped ? '+' : ''}`;
      } else plainSamples.push(elapsed);
    }
  }
  return { p95: samples.map((s) => percentile(s, 95)), plain: percentile(plainSamples, 95), totals };
}

/**
 * The server's CPU time per request of each page, pages one after another (its counts included, as
 * often as they are kept for): what the page costs whatever else the machine runs.
 */
async function cpuPerRequest(url: string, pid: number, pages: Page[]): Promise<number[]> {
  const costs: number[] = [];
  for (const page of pages) {
    const before = processCpuMs(pid);
    for (let i = 0; i < CPU_SAMPLES; i++) await readPage(url, page);
    costs.push((processCpuMs(pid) - before) / CPU_SAMPLES);
  }
  return costs;
}

/** The team filter's choices of a list, as a reader of several teams' rows opens it. */
interface TeamChoices {
  name: string;
  token: string;
  resource: string;
}

/** Server CPU time per answer of each list's team choices, and how many teams each offers. */
async function teamChoicesCpu(url: string, pid: number, lists: TeamChoices[]): Promise<Array<{ cpu: number; teams: number }>> {
  const read = async ({ name, token, resource }: TeamChoices) => {
    const response = await fetch(`${url}/api/resources/${resource}/teams`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    const body = (await response.json()) as { code: number; msg: string; data: { rows: unknown[] } };
    if (body.code !== 200) throw new Error(`${name} answered ${body.code}: ${body.msg}`);
    return body.data.rows.length;
  };
  const measured: Array<{ cpu: number; teams: number }> = [];
  for (const list of lists) {
    const teams = await read(list);
    const before = processCpuMs(pid);
    for (let i = 0; i < CHOICES_SAMPLES; i++) await read(list);
    measured.push({ cpu: (processCpuMs(pid) - before) / CHOICES_SAMPLES, teams });
  }
  return measured;
}

export default async function quotingBoard(): Promise<BenchRow[]> {
  const { dataDir, counts, seedS } = await prepare();
  let server: SpawnedServer | null = null;
  try {
    server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', DEMO_SEED: 'on' });
    const { url } = server;
    const staff = await login(url, 'staff', 'staff123');
    const seller = await login(url, 'seller', 'seller123');
    const newest: ListQuery = { page: 1, pageSize: 20 };
    const pages: Page[] = [
      { name: 'quoting staff: the market (price_asks)', token: staff, resource: 'price_asks', query: newest },
      { name: 'quoting staff: open asks of one category', token: staff, resource: 'price_asks', query: { ...newest, filters: [{ field: 'category', op: 'eq', value: '宠物' }, { field: 'status', op: 'in', value: ['pending', 'quoted'] }] } },
      { name: 'quoting staff: own quotes (price_quotes)', token: staff, resource: 'price_quotes', query: newest },
      { name: 'asker: own asks (price_asks)', token: seller, resource: 'price_asks', query: newest },
      { name: 'asker: every quote on own asks (price_quotes)', token: seller, resource: 'price_quotes', query: newest },
    ];
    const plain: Page = { name: 'plain one-team table', token: seller, resource: PLAIN, query: newest };
    const loadBefore = os.loadavg()[0];
    const measured = await latencies(url, pages, plain);
    const load = `load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`;
    const [plainCpu, ...cpu] = await cpuPerRequest(url, server.child.pid!, [plain, ...pages]);
    const choices: TeamChoices[] = [
      { name: "quoting staff: the market's asking teams (price_asks)", token: staff, resource: 'price_asks' },
      { name: 'asker: the quoting teams of the quotes on own asks (price_quotes)', token: seller, resource: 'price_quotes' },
    ];
    const choicesCpu = await teamChoicesCpu(url, server.child.pid!, choices);
    const setup = `${counts.asks.toLocaleString('en')} asks (${counts.open.toLocaleString('en')} open), ${counts.quotes.toLocaleString('en')} quotes, ${counts.queue.toLocaleString('en')} queue items, plain table ${PLAIN_ROWS.toLocaleString('en')} rows; seeded in ${seedS.toFixed(1)} s`;
    const choiceRows: BenchRow[] = choices.map((list, k) => ({
      name: `board 1M asks / 3M quotes: team filter choices, ${list.name}, server CPU time per request`,
      value: Number(choicesCpu[k].cpu.toFixed(2)),
      unit: 'ms',
      baseline: Number(plainCpu.toFixed(2)),
      baselineName: 'a newest page of 20 of the plain one-team table',
      note: `${choicesCpu[k].teams} teams offered; mean of ${CHOICES_SAMPLES} requests in a row`,
    }));
    const pageRows: BenchRow[] = pages.flatMap((page, k) => [
      {
        name: `board 1M asks / 3M quotes: ${page.name}, newest page of 20, p95`,
        value: Number(measured.p95[k].toFixed(2)),
        unit: 'ms',
        baseline: Number(measured.plain.toFixed(2)),
        baselineName: 'same page, plain one-team table of 1M rows',
        budget: P95_BUDGET_MS,
        note: `${measured.totals[k]} rows visible; ${SAMPLES} samples, one request at a time (totals kept until the table is written); ${load}${k === 0 ? `; ${setup}` : ''}`,
      },
      {
        name: `  the same page, server CPU time per request`,
        value: Number(cpu[k].toFixed(2)),
        unit: 'ms',
        baseline: Number(plainCpu.toFixed(2)),
        baselineName: 'same, plain one-team table of 1M rows',
        note: `mean of ${CPU_SAMPLES} requests in a row (counts included as often as they are recounted)`,
      },
    ]);
    return [...pageRows, ...choiceRows];
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
