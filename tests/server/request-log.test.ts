import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

interface LogLine {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

const INFO = 30;
const WARN = 40;
const DEBUG = 20;
/** Fastify's own two lines a request, and ours. */
const PER_REQUEST = ['incoming request', 'request completed', 'request', 'slow request'];

/** The JSON log lines a server printed (the banner's plain lines left out). */
function logLines(server: SpawnedServer): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

// Each test starts and stops a server process: slow on a busy machine.
describe('request logging', { timeout: 60_000 }, () => {
  const started: SpawnedServer[] = [];
  afterAll(async () => {
    for (const server of started) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  async function serverWith(env: Record<string, string>): Promise<SpawnedServer> {
    const server = await spawnServer(env);
    started.push(server);
    // Routes that answer at once: the API docs' first request loads the docs, over a second under
    // tsx on a busy machine, which would be logged as slow.
    await fetch(`${server.url}/refreshToken`);
    await fetch(`${server.url}/api/nothing-here`);
    await fetch(`${server.url}/refreshToken?token=secret-ticket`);
    await server.stop();
    return server;
  }

  it('keeps requests out of the info log, which holds the start and the stop', async () => {
    const lines = logLines(await serverWith({ LOG_LEVEL: 'info' }));
    expect(lines.filter((line) => line.url !== undefined || PER_REQUEST.includes(line.msg))).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining([expect.stringMatching(/listening/), 'draining requests and sockets']));
    expect(lines.every((line) => line.level >= INFO)).toBe(true);
  });

  it('gives each request one concise line at debug level, with tokens redacted', async () => {
    const requests = logLines(await serverWith({ LOG_LEVEL: 'debug' })).filter((line) => line.msg === 'request');
    expect(requests.map(({ level, method, url, status }) => ({ level, method, url, status }))).toEqual([
      { level: DEBUG, method: 'GET', url: '/refreshToken', status: 401 },
      { level: DEBUG, method: 'GET', url: '/api/nothing-here', status: 404 },
      { level: DEBUG, method: 'GET', url: '/refreshToken?token=[redacted]', status: 401 },
    ]);
    expect(requests.every((line) => typeof line.ms === 'number')).toBe(true);
  });

  it('logs a request slower than SLOW_REQUEST_MS as a warning', async () => {
    const slow = logLines(await serverWith({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '0' })).filter((line) => line.msg === 'slow request');
    expect(slow).toHaveLength(3);
    expect(slow.every((line) => line.level === WARN)).toBe(true);
  });
});
