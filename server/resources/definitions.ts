/**
 * The registry of resources: the built-in ones from code, the admin-defined ones from the
 * database with every saved version. A process keeps what it read and checks the stored version at
 * most once a second, so a definition saved by another process is seen without a restart.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DialectTypes } from '../db/dialect';
import { NAME_PATTERN, type ResourceDefinition } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { BUILTIN_STORES } from './builtin-stores';
import { assertDefinitionShape, checkDefinition } from './definition-checks';
import { alterRecordTable, compatibleChange, countRows, createRecordTable, customStore, dropRecordTable, tableOf, type StoredColumn } from './custom-tables';
import { dynamic, type ResourceStore } from './store';
import { formatDateTime } from './time';

const REVALIDATE_MS = 1000;
const NAME = new RegExp(NAME_PATTERN);

export interface ResourceDatabase {
  db: Kysely<Database>;
  types: DialectTypes;
}

interface CustomEntry {
  id: number;
  store: ResourceStore;
  columns: StoredColumn[];
  checkedAt: number;
}

/** A resource as the designer sees it: with its row count and the columns of fields it removed. */
export interface DesignedResource {
  definition: ResourceDefinition;
  /** Columns kept with their data after their field was removed; adding the field back shows them. */
  retired: Array<{ name: string; type: string }>;
  rows: number;
}

export interface Author {
  userId: number | null;
}

export interface ResourceRegistry {
  /** The store of a resource, or null when there is none by that name. */
  get(name: string): Promise<ResourceStore | null>;
  /** Every resource, built-in first. */
  list(): Promise<ResourceStore[]>;
  design(name: string): Promise<DesignedResource | null>;
  /** Creates or changes an admin-defined resource; `definition.version` is the version it was read at. */
  save(definition: ResourceDefinition, author: Author): Promise<ResourceDefinition>;
  remove(name: string): Promise<void>;
}

const registries = new WeakMap<Kysely<Database>, ResourceRegistry>();

/** The registry of one database (tests run several servers in one process). */
export function resourceRegistry(database: ResourceDatabase): ResourceRegistry {
  let registry = registries.get(database.db);
  if (!registry) {
    registry = createRegistry(database);
    registries.set(database.db, registry);
  }
  return registry;
}

/** The definitions every resource has, for the screen store (server/screens). */
export async function listResourceDefinitions(database: ResourceDatabase): Promise<ResourceDefinition[]> {
  return (await resourceRegistry(database).list()).map((store) => store.definition);
}

/** Creates an admin-defined resource from code (bundled screens, seeds); refuses an existing name. */
export async function createCustomResource(database: ResourceDatabase, definition: ResourceDefinition, createdBy: number | null = null): Promise<ResourceDefinition> {
  const registry = resourceRegistry(database);
  if (await registry.get(definition.name)) throw new ApiError(Code.conflict, 'definitionExists', { name: definition.name });
  return registry.save({ ...definition, kind: 'custom', version: 1 }, { userId: createdBy });
}

function createRegistry({ db, types }: ResourceDatabase): ResourceRegistry {
  const cache = new Map<string, CustomEntry>();

  function entryOf(row: { id: number; definition: string; columns: string }): CustomEntry {
    const definition = JSON.parse(row.definition) as ResourceDefinition;
    return { id: row.id, store: customStore(definition, (name) => BUILTIN_STORES.get(name)?.table ?? tableOf(name)), columns: JSON.parse(row.columns) as StoredColumn[], checkedAt: Date.now() };
  }

  async function load(name: string): Promise<CustomEntry | null> {
    const cached = cache.get(name);
    const now = Date.now();
    if (cached && now - cached.checkedAt < REVALIDATE_MS) return cached;
    if (cached) {
      const current = await db.selectFrom('resource_definitions').select('version').where('name', '=', name).executeTakeFirst();
      if (current?.version === cached.store.definition.version) {
        cached.checkedAt = now;
        return cached;
      }
    }
    const row = await db.selectFrom('resource_definitions').select(['id', 'definition', 'columns']).where('name', '=', name).executeTakeFirst();
    if (!row) {
      cache.delete(name);
      return null;
    }
    const entry = entryOf(row);
    cache.set(name, entry);
    return entry;
  }

  const madeWith = (definitions: Array<{ name: string; version: number }>) => definitions.map((d) => `${d.name}@${d.version}`).join(',');
  /** What each remade built-in store was last remade with (the admin-defined resources' versions), and the result. */
  const remade = new Map<string, { with: string; store: ResourceStore }>();

  /** A built-in store as it is now: remade when it names parts of others and one of those changed. */
  async function current(builtin: ResourceStore, custom?: ResourceDefinition[]): Promise<ResourceStore> {
    if (!builtin.remadeWith) return builtin;
    const kept = remade.get(builtin.definition.name);
    // Each read asks only for the names and versions (the system log is read on every page of it); the definitions only when one changed.
    const versions = custom ?? (await db.selectFrom('resource_definitions').select(['name', 'version']).orderBy('name').execute());
    if (kept?.with === madeWith(versions)) return kept.store;
    const definitions = custom ?? (await customDefinitions());
    const store = builtin.remadeWith([...[...BUILTIN_STORES.values()].map((s) => s.definition), ...definitions]);
    remade.set(builtin.definition.name, { with: madeWith(definitions), store });
    return store;
  }

  async function get(name: string): Promise<ResourceStore | null> {
    const builtin = BUILTIN_STORES.get(name);
    if (builtin) return current(builtin);
    if (!NAME.test(name)) return null;
    return (await load(name))?.store ?? null;
  }

  async function customDefinitions(): Promise<ResourceDefinition[]> {
    const rows = await db.selectFrom('resource_definitions').select(['id', 'name', 'definition', 'columns', 'version']).orderBy('name').execute();
    return rows.map((row) => {
      const cached = cache.get(row.name);
      if (cached && cached.store.definition.version === row.version) return cached.store.definition;
      const entry = entryOf(row);
      cache.set(row.name, entry);
      return entry.store.definition;
    });
  }

  /** Who saved the latest version, and when, for the stale-version message (in the transaction: SQLite has one connection). */
  async function lastAuthor(trx: Kysely<Database>, name: string): Promise<{ user: string; time: string }> {
    const row = await trx
      .selectFrom('resource_definition_versions as v')
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .select(['u.name', 'v.created_at'])
      .where('v.name', '=', name)
      .orderBy('v.version', 'desc')
      .executeTakeFirst();
    return { user: row?.name ?? '-', time: row ? formatDateTime(row.created_at) : '-' };
  }

  async function save(input: ResourceDefinition, author: Author): Promise<ResourceDefinition> {
    assertDefinitionShape(input);
    if (BUILTIN_STORES.has(input.name)) throw new ApiError(Code.badRequest, 'definitionBuiltin', { name: input.name });
    const others = new Map((await customDefinitions()).map((d) => [d.name, d]));
    const targets = (name: string) => BUILTIN_STORES.get(name)?.definition ?? others.get(name) ?? null;
    checkDefinition(input, targets);

    const now = Date.now();
    const saved = await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('resource_definitions').selectAll().where('name', '=', input.name).executeTakeFirst();
      if (!current) {
        const definition: ResourceDefinition = { ...input, kind: 'custom', version: 1, updated_at: now };
        const { id } = await trx
          .insertInto('resource_definitions')
          .values({ name: input.name, definition: JSON.stringify(definition), version: 1, columns: '[]', created_by: author.userId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const columns = await createRecordTable(dynamic(trx), types, definition, id);
        await trx.updateTable('resource_definitions').set({ columns: JSON.stringify(columns) }).where('id', '=', id).execute();
        await recordVersion(trx, definition, author, now);
        return definition;
      }
      if (current.version !== input.version) {
        throw new ApiError(Code.conflict, 'definitionStale', await lastAuthor(trx, input.name));
      }
      const previous = { definition: JSON.parse(current.definition) as ResourceDefinition, columns: JSON.parse(current.columns) as StoredColumn[] };
      for (const field of input.fields) {
        const column = previous.columns.find((c) => c.name === field.name);
        if (column && !compatibleChange(column, field)) {
          throw new ApiError(Code.badRequest, 'fieldTypeChange', { field: field.title.zh, from: column.type, to: field.type });
        }
      }
      const definition: ResourceDefinition = { ...input, kind: 'custom', version: current.version + 1, updated_at: now };
      const columns = await alterRecordTable(dynamic(trx), types, previous, definition, current.id);
      const updated = await trx
        .updateTable('resource_definitions')
        .set({ definition: JSON.stringify(definition), version: definition.version, columns: JSON.stringify(columns), updated_at: now })
        .where('id', '=', current.id)
        .where('version', '=', current.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(Code.conflict, 'definitionStale', await lastAuthor(trx, input.name));
      await recordVersion(trx, definition, author, now);
      return definition;
    });
    cache.delete(saved.name);
    return saved;
  }

  async function recordVersion(trx: Kysely<Database>, definition: ResourceDefinition, author: Author, now: number) {
    await trx
      .insertInto('resource_definition_versions')
      .values({ name: definition.name, version: definition.version, definition: JSON.stringify(definition), created_by: author.userId, created_at: now })
      .execute();
  }

  async function design(name: string): Promise<DesignedResource | null> {
    const builtin = BUILTIN_STORES.get(name);
    const entry = builtin ? null : await load(name);
    const store = builtin ?? entry?.store;
    if (!store) return null;
    const fields = new Set(store.definition.fields.map((f) => f.name));
    return {
      definition: store.definition,
      retired: (entry?.columns ?? []).filter((c) => !fields.has(c.name)).map((c) => ({ name: c.name, type: c.type })),
      rows: await countRows(dynamic(db), store.table),
    };
  }

  async function remove(name: string): Promise<void> {
    if (BUILTIN_STORES.has(name)) throw new ApiError(Code.badRequest, 'definitionBuiltin', { name });
    if (!(await load(name))) throw new ApiError(Code.notFound, 'resourceNotFound', { name });
    await db.transaction().execute(async (trx) => {
      const count = await countRows(dynamic(trx), tableOf(name));
      if (count > 0) throw new ApiError(Code.conflict, 'definitionNotEmpty', { name, count });
      await dropRecordTable(dynamic(trx), types, name);
      await trx.deleteFrom('resource_definition_versions').where('name', '=', name).execute();
      await trx.deleteFrom('resource_definitions').where('name', '=', name).execute();
      // The history of records deleted earlier must not surface under a new resource of the same name.
      await trx.deleteFrom('record_history').where('resource', '=', name).execute();
    });
    cache.delete(name);
  }

  return {
    get,
    async list() {
      const custom = await customDefinitions();
      const builtins = await Promise.all([...BUILTIN_STORES.values()].map((store) => current(store, custom)));
      return [...builtins, ...custom.map((d) => cache.get(d.name)!.store)];
    },
    design,
    save,
    remove,
  };
}
