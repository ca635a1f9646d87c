/**
 * Server cold start: from spawning the process to the first successful login answer. The console is
 * compiled as `npm run build` compiles it and run as `npm start` runs it; the bare Fastify baseline is
 * compiled and run the same way. Each start is reported twice: its wall time, and the CPU time the
 * process had used by then (all its threads, from /proc), which a machine shared with other work
 * disturbs less.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { bundleServer, SERVER_BUNDLE, SERVER_ENTRY } from '../scripts/build-server';
import { spawnServer } from '../tests/support/spawn-server';
import { processCpuMs } from './lib/process-cpu';
import type { BenchRow } from './lib/row';
import { median } from './lib/stats';

const ROOT = path.resolve(import.meta.dirname, '..');
const BARE_SOURCE = 'bench/fixtures/bare-fastify.ts';
const BARE_BUNDLE = path.join(ROOT, 'dist-server', 'bench-bare-fastify.js');
// Nine: a start's wall time on a shared machine varies by half from one start to the next.
const ROUNDS = 9;
/**
 * Rounds run first and not counted: the first starts after a build pay for reading the new files
 * from disk and for writing the code cache, which no later restart does (like hyperfine's --warmup).
 */
const WARMUP_ROUNDS = 1;
const START_LIMIT_MS = 60_000;
const CREDENTIALS = JSON.stringify({ username: 'admin', password: 'admin123' });
/** The goal for a restart's wall time: within this many times the bare Fastify's, in the same run. */
const RESTART_SHARE = 1.5;

interface Running {
  url: string;
  pid: number;
  stop(): Promise<unknown>;
}

interface Start {
  wallMs: number;
  cpuMs: number;
}

/** Starts the baseline server the way spawnServer starts the real one. */
function startBare(): Promise<Running> {
  const child = spawn(process.execPath, [BARE_BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`bare Fastify did not start:\n${output}`));
    }, START_LIMIT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], pid: child.pid!, stop });
      }
    });
    void exited.then(() => reject(new Error(`bare Fastify exited:\n${output}`)));
  });
}

async function postLogin(url: string): Promise<Response> {
  const deadline = performance.now() + START_LIMIT_MS;
  for (;;) {
    try {
      return await fetch(`${url}/api/public/login-do`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: CREDENTIALS,
      });
    } catch (error) {
      // The address is printed once listening, so a refused connection should not happen; if the
      // server ever prints it earlier, keep polling instead of reporting a failure.
      if (performance.now() > deadline) throw error;
      await sleep(10);
    }
  }
}

async function timeToFirstLogin(start: () => Promise<Running>): Promise<Start> {
  const started = performance.now();
  const server = await start();
  try {
    const response = await postLogin(server.url);
    const body = await response.text();
    const wallMs = performance.now() - started;
    const cpuMs = processCpuMs(server.pid);
    if (!response.ok) throw new Error(`login at ${server.url} answered HTTP ${response.status}: ${body}`);
    return { wallMs, cpuMs };
  } finally {
    await server.stop();
  }
}

export default async function coldStart(): Promise<BenchRow[]> {
  await bundleServer(SERVER_ENTRY, SERVER_BUNDLE);
  await bundleServer(BARE_SOURCE, BARE_BUNDLE);
  const bare: Start[] = [];
  const first: Start[] = [];
  const restart: Start[] = [];
  // Rounds interleave the three kinds of start so a busy machine slows them alike.
  for (let round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
    const counted = round >= 0;
    const bareStart = await timeToFirstLogin(startBare);
    if (counted) bare.push(bareStart);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cold-start-'));
    try {
      const start = async (): Promise<Running> => {
        const server = await spawnServer({ PORT: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir }, SERVER_BUNDLE);
        return { url: server.url, pid: server.child.pid!, stop: () => server.stop() };
      };
      const firstStart = await timeToFirstLogin(start);
      const restartStart = await timeToFirstLogin(start);
      if (counted) {
        first.push(firstStart);
        restart.push(restartStart);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const list = (runs: number[]) => `${runs.map((ms) => ms.toFixed(0)).join(' / ')} ms`;
  const load = `load ${os.loadavg()[0].toFixed(1)}`;
  const rows = (name: string, starts: Start[], share?: number): BenchRow[] =>
    (['wallMs', 'cpuMs'] as const).map((figure) => {
      const runs = starts.map((start) => start[figure]);
      const baselineRuns = bare.map((start) => start[figure]);
      const baseline = median(baselineRuns);
      return {
        name: figure === 'wallMs' ? name : `${name}, CPU`,
        value: median(runs),
        unit: 'ms',
        baseline,
        ...(share !== undefined && figure === 'wallMs' ? { budget: baseline * share } : {}),
        baselineName: 'bare Fastify, one route',
        note: `median of runs ${list(runs)}; baseline runs ${list(baselineRuns)}; ${load}`,
      };
    });
  return [...rows('first start, empty data dir (migrate + seed)', first), ...rows('restart, seeded data dir', restart, RESTART_SHARE)];
}
