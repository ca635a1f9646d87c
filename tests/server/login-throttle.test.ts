import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import { LOGIN_BUCKET, loginThrottle } from '../../server/auth/login-throttle';
import { call, DIALECTS, postgresSchema, startTestServer, type DialectUnderTest, type TestServer } from '../support/server-harness';

const MINUTE = 60_000;

describe.each(DIALECTS)('failed logins on the shared rate window, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server?.close());

  const login = (password: string) => call(server, '/api/public/login-do', { body: { username: 'seller', password } });

  it('refuses a sixth try after five failures, even with the right password, in Chinese; a success before that forgets the failures', async () => {
    for (let i = 0; i < 4; i++) expect((await login('wrong-one')).body.code).toBe(400);
    expect((await login('seller123')).body.code).toBe(200);
    // The success forgot the four: four more failures still leave the fifth try open.
    for (let i = 0; i < 4; i++) expect((await login('wrong-two')).body.code).toBe(400);
    expect((await login('wrong-three')).body.code).toBe(400);
    const refused = await login('seller123');
    expect(refused.body).toMatchObject({ code: 429, msg: '尝试次数过多，请 15 分钟后再试' });
    const rows = await server.database.db.selectFrom('rate_hits').select('subject').where('bucket', '=', LOGIN_BUCKET).execute();
    expect(rows).toHaveLength(5);
  });

  it('counts per account and address, lets the pair in again once the oldest failure leaves the window, and sweeps old ones', async () => {
    const throttle = loginThrottle(server.database.db);
    const start = Date.now() - 20 * MINUTE;
    for (let i = 0; i < 5; i++) await throttle.failed('buyer', '10.0.0.9', start + i * MINUTE);
    expect(await throttle.wait('buyer', '10.0.0.9', start + 5 * MINUTE)).toBe(10 * MINUTE);
    expect(await throttle.wait('buyer', '10.0.0.8', start + 5 * MINUTE)).toBe(0);
    expect(await throttle.wait('other', '10.0.0.9', start + 5 * MINUTE)).toBe(0);
    expect(await throttle.wait('buyer', '10.0.0.9', start + 15 * MINUTE + 1)).toBe(0);
    // The next failure, 20 minutes on, sweeps the five that left the window.
    await throttle.failed('buyer', '10.0.0.9', start + 20 * MINUTE);
    const left = await server.database.db.selectFrom('rate_hits').select('created_at').where('subject', '=', '10.0.0.9 buyer').execute();
    expect(left.map((r) => Number(r.created_at))).toEqual([start + 20 * MINUTE]);
  });
});

/** A database of its own, migrated only as far as `steps` go. */
async function openAt(dialect: DialectUnderTest) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-upgrade-'));
  const schema = dialect === 'postgres' ? await postgresSchema() : null;
  const database: DatabaseHandle = openDatabase({ databaseUrl: schema?.url ?? null, dataDir });
  return {
    database,
    async close() {
      await database.close();
      await schema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(DIALECTS)('upgrading a database with failed logins (0017), on %s', (dialect) => {
  it('carries the failures still in their window onto rate_hits, so a locked-out pair stays locked out, and drops login_failures', async () => {
    const { database, close } = await openAt(dialect);
    try {
      const before = migrations.findIndex(([name]) => name === '0017_login_rate_hits');
      await migrateToLatest(database, migrations.slice(0, before));
      const now = Date.now();
      const rows = [
        ...Array.from({ length: 5 }, (_, i) => ({ username: 'seller', ip: '10.1.1.1', created_at: now - (i + 1) * MINUTE })),
        ...Array.from({ length: 5 }, (_, i) => ({ username: 'staff', ip: '10.1.1.2', created_at: now - (20 + i) * MINUTE })),
      ];
      await sql`insert into login_failures (username, ip, created_at) values ${sql.join(rows.map((r) => sql`(${r.username}, ${r.ip}, ${r.created_at})`))}`.execute(database.db);

      expect(await migrateToLatest(database, migrations.slice(0, before + 1))).toEqual(['0017_login_rate_hits']);

      const throttle = loginThrottle(database.db);
      expect(await throttle.wait('seller', '10.1.1.1', now)).toBe(10 * MINUTE);
      expect(await throttle.wait('staff', '10.1.1.2', now)).toBe(0);
      const carried = await database.db.selectFrom('rate_hits').select(['bucket', 'subject']).execute();
      expect(carried).toEqual(Array.from({ length: 5 }, () => ({ bucket: LOGIN_BUCKET, subject: '10.1.1.1 seller' })));
      await expect(sql`select count(*) from login_failures`.execute(database.db)).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
