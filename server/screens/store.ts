import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ResolvedScreen, Screen } from '../../src/contract/screen';
import type { ScreenDetail, ScreenSummary, ScreenVersion } from '../../src/contract/api/screens';
import { ApiError } from '../http/errors';
import { Code } from '../../src/contract/envelope';
import type { BundledScreens } from './bundled';

/**
 * The screen store: drafts and published versions written in the designer, over the bundled
 * screens of schemas/. A console draws the published version when there is one, else the bundled one.
 */
export class ScreenStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bundled: BundledScreens,
  ) {}

  private async publishedBody(id: string): Promise<Screen | null> {
    const row = await this.db
      .selectFrom('screens as s')
      .innerJoin('screen_versions as v', (join) => join.onRef('v.screen_id', '=', 's.id').onRef('v.version', '=', 's.published_version'))
      .select('v.body')
      .where('s.id', '=', id)
      .executeTakeFirst();
    return row ? (JSON.parse(row.body) as Screen) : null;
  }

  async resolve(id: string): Promise<ResolvedScreen | null> {
    const published = await this.publishedBody(id);
    if (published) return { source: 'published', screen: published };
    const bundled = this.bundled.get(id);
    return bundled ? { source: 'bundled', screen: bundled } : null;
  }

  async list(): Promise<ScreenSummary[]> {
    const rows = await this.db
      .selectFrom('screens as s')
      .leftJoin('screen_versions as v', (join) => join.onRef('v.screen_id', '=', 's.id').onRef('v.version', '=', 's.published_version'))
      .select(['s.id', 's.draft', 's.published_version', 's.updated_at', 'v.body'])
      .execute();
    const menus = await this.db.selectFrom('menus').select(['vue_path', 'name']).where('vue_path', '!=', '').execute();
    const stored = new Map(rows.map((row) => [row.id, row]));
    const ids = [...new Set([...this.bundled.all().map((s) => s.id), ...stored.keys()])].sort();
    return ids.map((id) => {
      const row = stored.get(id);
      const published = row?.body ? (JSON.parse(row.body) as Screen) : null;
      const current = published ?? (row?.draft ? (JSON.parse(row.draft) as Screen) : null) ?? this.bundled.get(id)!;
      return {
        id,
        title: current.title,
        kind: current.kind,
        resource: current.resource ?? null,
        source: published ? 'published' : this.bundled.get(id) ? 'bundled' : null,
        published_version: row?.published_version ?? null,
        has_draft: Boolean(row?.draft),
        menus: menus.filter((m) => m.vue_path === id).map((m) => m.name),
        updated_at: row ? Number(row.updated_at) : null,
      };
    });
  }

  async detail(id: string): Promise<ScreenDetail> {
    const row = await this.db.selectFrom('screens').select('draft').where('id', '=', id).executeTakeFirst();
    const bundled = this.bundled.get(id) ?? null;
    if (!row && !bundled) throw new ApiError(Code.notFound, 'screenNotFound');
    return { id, draft: row?.draft ? (JSON.parse(row.draft) as Screen) : null, published: await this.publishedBody(id), bundled };
  }

  /** Keeps a checked screen as the draft of its id. */
  async saveDraft(screen: Screen, userId: number, now = Date.now()): Promise<void> {
    const draft = JSON.stringify(screen);
    await this.db
      .insertInto('screens')
      .values({ id: screen.id, draft, published_version: null, updated_by: userId, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ draft, updated_by: userId, updated_at: now }))
      .execute();
  }

  /** Publishes the draft as the next version; the screen's own `version` field is set to it. */
  async publish(id: string, userId: number, now = Date.now()): Promise<number> {
    const row = await this.db.selectFrom('screens').select('draft').where('id', '=', id).executeTakeFirst();
    if (!row?.draft) throw new ApiError(Code.badRequest, 'screenNoDraft');
    return this.publishBody(id, JSON.parse(row.draft) as Screen, userId, null, now);
  }

  /** Publishes an earlier version again, as a new version, so the history only grows. */
  async rollback(id: string, version: number, userId: number, now = Date.now()): Promise<number> {
    const old = await this.db.selectFrom('screen_versions').select('body').where('screen_id', '=', id).where('version', '=', version).executeTakeFirst();
    if (!old) throw new ApiError(Code.notFound, 'screenVersionNotFound', { version });
    return this.publishBody(id, JSON.parse(old.body) as Screen, userId, version, now);
  }

  private publishBody(id: string, screen: Screen, userId: number, restoredFrom: number | null, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('screens')
        .values({ id, draft: null, published_version: null, updated_by: userId, updated_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const last = await trx.selectFrom('screen_versions').select((eb) => eb.fn.max('version').as('v')).where('screen_id', '=', id).executeTakeFirst();
      const version = Number(last?.v ?? 0) + 1;
      const body = JSON.stringify({ ...screen, version });
      await trx
        .insertInto('screen_versions')
        .values({ screen_id: id, version, body, restored_from: restoredFrom, published_by: userId, published_at: now })
        .execute();
      await trx.updateTable('screens').set({ draft: null, published_version: version, updated_by: userId, updated_at: now }).where('id', '=', id).execute();
      return version;
    });
  }

  async versions(id: string): Promise<ScreenVersion[]> {
    const rows = await this.db
      .selectFrom('screen_versions as v')
      .leftJoin('users as u', 'u.id', 'v.published_by')
      .select(['v.version', 'v.body', 'v.restored_from', 'v.published_at', 'u.name as published_by'])
      .where('v.screen_id', '=', id)
      .orderBy('v.version', 'desc')
      .execute();
    return rows.map((row) => ({
      version: row.version,
      screen: JSON.parse(row.body) as Screen,
      published_by: row.published_by ?? '',
      published_at: Number(row.published_at),
      restored_from: row.restored_from,
    }));
  }
}
