import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';

interface IndexInit {
  role: string[];
  role_type: string[];
  permission: string[];
}

/**
 * A user's roles and permissions are kept between requests (server/auth/kept-access.ts) until one of
 * the tables they are read from is written. Each write here goes straight to the database, as another
 * module or server process would make it: the very next request answers what it wrote.
 */
describe.each(DIALECTS)('access kept between requests on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  let sellerId: number;
  let sellerRole: number;
  let extraRole: number;

  const access = async () => {
    const answer = await call<IndexInit>(server, '/api/index/index-init', { token });
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const listsRoles = async () => (await resourceApi(server, 'roles').list(token, {})).body.code;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = (await loginAs(server, 'seller', 'seller123')).token;
    const db = server.database.db;
    sellerId = (await db.selectFrom('users').select('id').where('username', '=', 'seller').executeTakeFirstOrThrow()).id;
    sellerRole = (await db.selectFrom('roles').select('id').where('code', '=', 'seller').executeTakeFirstOrThrow()).id;
    const inserted = await db
      .insertInto('roles')
      .values({ code: 'kept_probe', name: '探针', role_type: 'probe', remark: '', created_at: Date.now(), updated_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    extraRole = inserted.id;
  });
  afterAll(() => server.close());

  it('sees a permission granted to or taken from a role at the next request', async () => {
    expect(await listsRoles()).toBe(403);
    expect((await access()).permission).not.toContain('roles:read');
    await server.database.db.insertInto('role_permissions').values({ role_id: sellerRole, permission: 'roles:read' }).execute();
    expect((await access()).permission).toContain('roles:read');
    expect(await listsRoles()).toBe(200);
    await server.database.db.deleteFrom('role_permissions').where('role_id', '=', sellerRole).where('permission', '=', 'roles:read').execute();
    expect(await listsRoles()).toBe(403);
    expect((await access()).permission).not.toContain('roles:read');
  });

  it('sees a role given to or taken from the user at the next request', async () => {
    expect((await access()).role).toEqual(['seller']);
    await server.database.db.insertInto('user_roles').values({ user_id: sellerId, role_id: extraRole }).execute();
    expect((await access()).role).toEqual(['seller', 'kept_probe']);
    await server.database.db.deleteFrom('user_roles').where('user_id', '=', sellerId).where('role_id', '=', extraRole).execute();
    expect((await access()).role).toEqual(['seller']);
  });

  it('sees a role renamed at the next request', async () => {
    expect((await access()).role_type).toEqual(['seller']);
    await server.database.db.updateTable('roles').set({ role_type: 'renamed' }).where('id', '=', sellerRole).execute();
    expect((await access()).role_type).toEqual(['renamed']);
    await server.database.db.updateTable('roles').set({ role_type: 'seller' }).where('id', '=', sellerRole).execute();
    expect((await access()).role_type).toEqual(['seller']);
  });
});
