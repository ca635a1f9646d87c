/**
 * Where a resource lives: its table, which columns play the system fields' parts, and how field
 * values travel between the API's records and the database's columns. Built-in resources describe
 * their typed tables this way (builtin.ts); admin-defined ones get a table made to measure
 * (custom-tables.ts). Everything else in server/resources works on this one shape.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Language, MessageKey } from '../http/messages';
import type { VisibilityOf } from './visibility';
import type { ResourceCaller } from './caller';
import {
  RESOURCE_ACTIONS,
  type RecordValue,
  type ResourceAction,
  type ResourceDefinition,
  type ResourceField,
  type ResourceRecord,
  type SystemField,
} from '../../src/contract/resource';

/** Any table by name: resource tables are known only at run time. Identifiers come from definitions. */
export type DynamicDb = Kysely<Record<string, Record<string, unknown>>>;

/** The same connection (or transaction) seen as one over tables known only at run time. */
export function dynamic(db: Kysely<Database>): DynamicDb {
  return db as unknown as DynamicDb;
}

/** The columns holding each system field; null where a built-in table has none. */
export interface SystemColumns {
  teamId: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  version: string | null;
}

export interface StoreHooks {
  /** Columns a new row needs beyond what the caller wrote (a user's password hash, a quote's author). */
  insertColumns?(values: Record<string, RecordValue>, caller: ResourceCaller, now: number): Record<string, unknown>;
  /** Refuses a change to a record that must stay (the admin role, one's own account). */
  protect?(record: ResourceRecord, action: 'update' | 'delete', caller: { userId: number }): MessageKey | null;
  /** Runs in the write's transaction after the row changed (ending a disabled user's logins). */
  afterWrite?(trx: Kysely<Database>, before: ResourceRecord | null, after: ResourceRecord | null, caller: ResourceCaller): Promise<void>;
  /** Brings the records up to date before any call reaches them (a workflow's expiry). */
  refresh?(db: Kysely<Database>): Promise<void>;
  /**
   * Runs in a workflow transition's transaction before the record changes state: may refuse it
   * (throw), change other records, and answer more fields of this one to write with the new state.
   */
  onTransition?(step: TransitionStep): Promise<Record<string, RecordValue> | void>;
  /**
   * Rewrites records as read for their reader (list, detail and export), after they were read and
   * kept: the system log's details, stored as codes, in the reader's words.
   */
  present?(records: ResourceRecord[], reader: Presenting): Promise<void>;
}

/** Who a record is presented to, and where the other resources' definitions are found. */
export interface Presenting {
  lang: Language;
  definitionOf(name: string): Promise<ResourceDefinition | null>;
}

/** A write that committed, for whoever tells others live (server/quoting/live.ts). */
export interface WrittenEvent {
  resource: string;
  action: 'create' | 'update' | 'transition';
  /** The record after the write, every field. */
  record: ResourceRecord;
}

/** One transition being taken, as the resource's hook sees it. */
export interface TransitionStep {
  trx: Kysely<Database>;
  transition: string;
  record: ResourceRecord;
  params: Record<string, unknown>;
  caller: ResourceCaller;
  now: number;
}

export interface ResourceStore {
  definition: ResourceDefinition;
  table: string;
  system: SystemColumns;
  /** Column sets unique together, checked before a write so the refusal names the field. */
  uniques: string[][];
  /** Fields a new record may leave empty to get a document number: field → prefix. */
  numbered: Record<string, string>;
  /** NOT NULL columns of built-in tables that store '' or 0 where the API says null. */
  emptyValues: Record<string, string | number>;
  hooks: StoreHooks;
  /** The rows each caller reads, when a workflow declares it; else a team-scoped resource shows the caller's team. */
  visibility?: VisibilityOf | null;
  /** Whether the table has a keyword index (admin-defined resources with keyword fields; keyword-index.ts). */
  keywordIndexed?: boolean;
  /**
   * A view the records are read through, when some of their fields live in a table of their own
   * (a store order's match results): reads select from it, writes go to `table` and never name
   * `fields`, which are read-only here. Whoever writes those fields' table moves `table`'s write
   * counter (table-versions.ts), so lists kept under it follow.
   */
  readView?: { name: string; fields: string[] };
  /**
   * A built-in resource whose definition names parts of the others (the system log's actions name
   * every workflow's steps): remade by the registry with every resource's current definition, the
   * admin-defined ones included, whenever one of those changed.
   */
  remadeWith?: (definitions: readonly ResourceDefinition[]) => ResourceStore;
}

/** Where a resource's records are read from: its view, if it has one, else its table. */
export const readTableOf = (store: ResourceStore): string => store.readView?.name ?? store.table;

/** Whether a field is stored in the resource's own table (not only shown through its view). */
export const storedInTable = (store: ResourceStore, field: ResourceField): boolean => !store.readView?.fields.includes(field.name);

/** How a field's values are stored: the column type of admin-defined tables, the conversions of all. */
export type Storage = 'text' | 'bigint' | 'real' | 'flag';

export function storageOf(field: Pick<ResourceField, 'type' | 'options'>): Storage {
  switch (field.type) {
    case 'integer':
    case 'money':
    case 'datetime':
    case 'lookup':
      return 'bigint';
    case 'number':
      return 'real';
    case 'boolean':
      return 'flag';
    case 'enum':
      return (field.options ?? []).length > 0 && (field.options ?? []).every((o) => typeof o.value === 'number') ? 'bigint' : 'text';
    default:
      return 'text';
  }
}

/** Text-stored types whose values can be compared with `contains` and searched by keyword. */
export function isTextual(field: Pick<ResourceField, 'type' | 'options'>): boolean {
  return storageOf(field) === 'text' && field.type !== 'rows';
}

export function supports(store: ResourceStore, action: ResourceAction): boolean {
  return (store.definition.actions ?? RESOURCE_ACTIONS).includes(action);
}

/** A field's value as a column value. */
export function toColumn(store: ResourceStore, field: ResourceField, value: RecordValue | undefined): unknown {
  if (value === null || value === undefined) return store.emptyValues[field.name] ?? null;
  if (field.type === 'boolean') return value ? 1 : 0;
  if (field.type === 'rows') return JSON.stringify(value);
  return value;
}

/** A column value as the field's value. */
export function fromColumn(field: ResourceField, raw: unknown): RecordValue {
  if (raw === null || raw === undefined) return null;
  if (field.type === 'boolean') return Boolean(Number(raw));
  if (field.type === 'rows') return parseRows(raw);
  if (typeof raw === 'bigint') return Number(raw);
  return raw as RecordValue;
}

function parseRows(raw: unknown): Record<string, unknown>[] {
  if (Array.isArray(raw)) return raw as Record<string, unknown>[];
  try {
    const parsed: unknown = JSON.parse(String(raw));
    return Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [];
  } catch {
    return [];
  }
}

/** The system field each column answers for; a null column reads as null (version as 1). */
export function systemColumnOf(store: ResourceStore, field: SystemField): string | null {
  switch (field) {
    case 'id':
      return 'id';
    case 'version':
      return store.system.version;
    case 'team_id':
      return store.system.teamId;
    case 'created_by':
      return store.system.createdBy;
    case 'created_at':
      return store.system.createdAt;
    case 'updated_at':
      return store.system.updatedAt;
  }
}

/** '' and null both mean "no value", so a form that sends either for an empty field changes nothing. */
export function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}
