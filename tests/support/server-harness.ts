import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/open';
import { prepareDatabase } from '../../server/db/prepare';
import { buildApp } from '../../server/app';
import { DEMO_ACCOUNTS, MORE_USERS_PASSWORD } from '../../server/db/seed/demo';

export type DialectUnderTest = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names one (CI sets it). */
export const DIALECTS: DialectUnderTest[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Runs before the server starts listening: a test may add routes of its own. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
}

/** A PostgreSQL schema of its own per server, dropped afterwards, so test files never meet. */
export async function postgresSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** The real server on a fresh database, listening on a free port, called over HTTP. */
export async function startTestServer(dialect: DialectUnderTest, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
  const pgSchema = dialect === 'postgres' ? await postgresSchema() : null;
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'on',
    STATIC_DIR: path.join(dataDir, 'no-build'),
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
    ...options.env,
  });
  const database = openDatabase(config);
  await prepareDatabase(database, config);
  const app = await buildApp({ config, database, checkSchemas: true });
  await options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await pgSchema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallResult<T = unknown> {
  status: number;
  body: { code: number | string; msg: string; data: T };
  headers: Headers;
}

/** POST (or GET) JSON to the test server and read the envelope. */
export async function call<T = unknown>(
  server: { url: string },
  route: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const response = await fetch(server.url + route, {
    method: init.method ?? 'POST',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as CallResult<T>['body'], headers: response.headers };
}

/** The seeded password of a demo account: the three named accounts', or the one MORE_USERS share. */
function demoPassword(username: string): string {
  return DEMO_ACCOUNTS.find((account) => account.username === username)?.password ?? MORE_USERS_PASSWORD;
}

/** Demo accounts logged in at once with their seeded passwords: each one's access token, by user name. */
export async function demoTokens<N extends string>(server: { url: string }, usernames: readonly N[]): Promise<Record<N, string>> {
  const logins = await Promise.all(usernames.map(async (username) => [username, (await loginAs(server, username, demoPassword(username))).token] as const));
  return Object.fromEntries(logins) as Record<N, string>;
}

export async function loginAs(server: { url: string }, username: string, password: string) {
  const response = await fetch(`${server.url}/api/public/login-do`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { data: { token: string } };
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { token: body.data.token, cookie };
}
