import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
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
  afterAll(async () => {
    await e2e.browser?.close();
    await stopE2eServer(e2e.server);
  });
  return e2e;
}
