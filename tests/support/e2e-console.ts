import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { snapshotPages } from './failure-snapshot';
import { startE2eServer, stopE2eServer } from './e2e-server';
import type { SpawnedServer } from './spawn-server';

export interface E2eConsole {
  server: SpawnedServer;
  browser: Browser;
}

/**
 * The built console on a fresh database and a Chromium to drive it, for the describe block that
 * calls this: started before its tests, stopped after them.
 */
export function useE2eConsole(env: Record<string, string> = {}): E2eConsole {
  const e2e = {} as E2eConsole;
  beforeAll(async () => {
    [e2e.server, e2e.browser] = await Promise.all([startE2eServer(env), launchBrowser()]);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await snapshotPages(e2e.browser, task.name);
    // What the server logged: its warnings and errors (LOG_LEVEL is warn), pino's lines of JSON.
    const logged = (e2e.server?.output() ?? '').split('\n').filter((line) => line.startsWith('{"level"'));
    if (logged.length) process.stderr.write(`\n[failed: ${task.name}] server log:\n${logged.join('\n').slice(-4_000)}\n`);
    // The failed test's pages are left open; the next test starts (and is shown on failure) without them.
    await Promise.all(e2e.browser?.contexts().map((context) => context.close()) ?? []);
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await stopE2eServer(e2e.server);
  });
  return e2e;
}
