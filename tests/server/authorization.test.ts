import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { operationsOf, plausible, type OpenApiDocument, type Operation } from '../support/fuzz-cases';
import { resourceApi } from '../support/resources';
import { loadAccess } from '../../server/auth/access';
import { needsAccessDeclaration, type RouteAccess } from '../../server/auth/guard';
import { hasAccess } from '../../src/contract/permissions';
import type { ResourceDefinition, ResourceRecord } from '../../src/contract/resource';

/** Signed-in users who see only their own team's rows: two asking teams' sellers, a manager, a quoting team. */
const SCOPED = { seller: 'seller123', sunli: 'demo123456', qianwei: 'demo123456', staff: 'staff123' } as const;
/** The five kinds of caller: nobody, an asking-team seller, its team manager, a quoting-team staff member, the administrator. */
const PEOPLE = { guest: null, seller: 'seller123', qianwei: 'demo123456', staff: 'staff123', admin: 'admin123' } as const;
type Person = keyof typeof PEOPLE | keyof typeof SCOPED;

interface Caller {
  token: string | null;
  userId: number | null;
  teamId: number | null;
  access: Awaited<ReturnType<typeof loadAccess>> | null;
}

const pathOf = (op: Operation) => op.path.replace(/\{name\}/g, 'goods');

/**
 * A body naming a team names the caller's own, but for the administrator, who may name any: a
 * member naming another team is refused for the team (403), which says nothing of the route's access.
 */
function ownTeam(body: unknown, person: Person, caller: Caller): unknown {
  if (person === 'admin' || caller.teamId === null || typeof body !== 'object' || body === null || !('team_id' in body)) return body;
  return { ...body, team_id: caller.teamId };
}
const fastifyUrl = (op: Operation) => op.path.replace(/\{(\w+)\}/g, ':$1');

describe.each(DIALECTS)('the authorization matrix on %s', (dialect) => {
  let server: TestServer;
  let doc: OpenApiDocument;
  const callers = new Map<Person, Caller>();

  async function signIn(person: Person): Promise<Caller> {
    const password = person in SCOPED ? SCOPED[person as keyof typeof SCOPED] : PEOPLE[person as keyof typeof PEOPLE];
    if (password === null) return { token: null, userId: null, teamId: null, access: null };
    const { token } = await loginAs(server, person, password);
    const user = await server.database.db.selectFrom('users').select(['id', 'team_id']).where('username', '=', person).executeTakeFirstOrThrow();
    return { token, userId: user.id, teamId: user.team_id, access: await loadAccess(server.database.db, user.id) };
  }

  /** A signed-in caller whose session a call ended or locked (logout, lock) signs in again. */
  async function fresh(person: Person): Promise<Caller> {
    const known = callers.get(person)!;
    if (!known.token) return known;
    const probe = await call(server, '/api/index/profile', { token: known.token });
    if (probe.body.code === 200) return known;
    const again = await signIn(person);
    callers.set(person, again);
    return again;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as OpenApiDocument;
    for (const person of new Set([...Object.keys(PEOPLE), ...Object.keys(SCOPED)]) as Set<Person>) callers.set(person, await signIn(person));
  });
  afterAll(() => server.close());

  it('holds every operation to the access its route declares, for each kind of caller', { timeout: 120_000 }, async () => {
    const declared = new Map(server.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    const operations = operationsOf(doc).filter((op) => needsAccessDeclaration(op.path));
    expect(operations.length).toBeGreaterThan(70);
    const wrong: string[] = [];
    for (const op of operations) {
      const access: RouteAccess | undefined = declared.get(`${op.method} ${fastifyUrl(op)}`);
      expect(access, `${op.method} ${op.path} declares its access`).toBeDefined();
      // The documented lock matches the declaration.
      if ((access !== 'public') !== op.auth) wrong.push(`${op.method} ${op.path}: documented ${op.auth ? 'with' : 'without'} a token but declared ${JSON.stringify(access)}`);
      const query = Object.fromEntries(op.queryParams.filter((p) => p.required).map((p) => [p.name, String(plausible(p.schema, doc))]));
      const search = new URLSearchParams(query).toString();
      const statuses = new Map<Person, number>();
      for (const person of Object.keys(PEOPLE) as Person[]) {
        const caller = await fresh(person);
        const response = await fetch(`${server.url}${pathOf(op)}${search ? `?${search}` : ''}`, {
          method: op.method,
          headers: { ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}), ...(op.body ? { 'content-type': 'application/json' } : {}) },
          body: op.body ? JSON.stringify(ownTeam(plausible(op.body, doc), person, caller)) : undefined,
        });
        statuses.set(person, response.status);
      }
      for (const [person, status] of statuses) {
        const caller = callers.get(person)!;
        let ok: boolean;
        if (access === 'public') {
          // No permission is asked; a 401 is the route's own answer (no refresh cookie) only when a token changes nothing.
          ok = status !== 403 && (status !== 401 || [...statuses.values()].every((s) => s === 401));
        } else if (caller.access === null) {
          ok = status === 401;
        } else if (access === 'authenticated') {
          // The route itself may still refuse a signed-in caller (a resource's own permissions): never as a stranger.
          ok = status !== 401;
        } else {
          ok = hasAccess(caller.access, access!.permission) ? status !== 401 && status !== 403 : status === 403;
        }
        if (!ok) wrong.push(`${op.method} ${op.path} as ${person} (${JSON.stringify(access)}): HTTP ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never shows or changes a row of another team, whatever the resource and the action', { timeout: 120_000 }, async () => {
    const admin = callers.get('admin')!.token!;
    const definitions = (await call<{ rows: ResourceDefinition[] }>(server, '/api/resources', { method: 'GET', token: admin })).body.data.rows;
    const scoped = definitions.filter((d) => d.teamScoped);
    expect(scoped.length).toBeGreaterThan(5);
    const leaks: string[] = [];
    let foreignChecked = 0;
    for (const definition of scoped) {
      const api = resourceApi(server, definition.name);
      const all: ResourceRecord[] = [];
      for (let page = 1; ; page++) {
        const rows = (await api.list(admin, { page, pageSize: 1000 })).body.data.rows;
        all.push(...rows);
        if (rows.length < 1000) break;
      }
      const teamOf = new Map(all.map((row) => [row.id as number, row.team_id as number | null]));
      // A workflow may declare who else sees a row (quoting's market of open asks): those rows may be
      // read across teams, as far as the declaration goes (tests/server/quoting-*.test.ts), never written.
      const sharedReads = (definition.workflow?.visibility?.length ?? 0) > 0;
      for (const person of Object.keys(SCOPED) as Person[]) {
        const caller = await fresh(person);
        const token = caller.token!;
        const listed = await api.list(token, { pageSize: 1000 });
        if (listed.status === 403) continue;
        const shown = new Set(listed.body.data.rows.map((row) => row.id as number));
        for (const row of listed.body.data.rows) {
          if (!sharedReads && teamOf.get(row.id as number) !== caller.teamId) leaks.push(`${definition.name} list as ${person}: row ${String(row.id)} of team ${String(teamOf.get(row.id as number))}`);
        }
        const exported = await fetch(`${server.url}/api/resources/${definition.name}/export?format=csv`, { headers: { authorization: `Bearer ${token}` } });
        if (exported.status === 200) {
          const records = parse(await exported.text(), { bom: true, relax_column_count: true }) as string[][];
          if (records.length - 1 !== listed.body.data.total) leaks.push(`${definition.name} export as ${person}: ${records.length - 1} rows, the list shows ${listed.body.data.total}`);
        }
        // A row of another team the caller cannot see at all, else one it may only read.
        const foreign = all.find((row) => row.team_id !== caller.teamId && !shown.has(row.id as number)) ?? all.find((row) => row.team_id !== caller.teamId);
        if (!foreign) continue;
        foreignChecked += 1;
        const id = foreign.id as number;
        const before = (await api.get(admin, id)).body.data as ResourceRecord;
        const attempts = {
          get: await api.get(token, id),
          history: await api.history(token, id),
          update: await api.update(token, id, before.version as number, { remark: 'changed by another team' }),
          delete: await api.remove(token, id, before.version as number),
          'bulk-delete': await api.bulkDelete(token, [id]),
        };
        const readable = shown.has(id);
        for (const [action, answer] of Object.entries(attempts)) {
          if (readable && (action === 'get' || action === 'history') && answer.status === 200) continue;
          // A write the resource does not offer at all (a log, a queue) is refused as unsupported.
          const write = action === 'update' ? 'update' : action === 'get' || action === 'history' ? null : 'delete';
          if (write && definition.actions && !definition.actions.includes(write) && answer.status === 400) continue;
          if (answer.status !== 404 && answer.status !== 403) leaks.push(`${definition.name} ${action} of team ${String(foreign.team_id)}'s row as ${person}: HTTP ${answer.status}`);
        }
        const after = await api.get(admin, id);
        if (after.status !== 200 || after.body.data.version !== before.version) leaks.push(`${definition.name} row ${id} changed by ${person}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(foreignChecked).toBeGreaterThan(5);
  });
});
