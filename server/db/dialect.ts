import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** The column types that differ between the dialects, so migrations stay one set for both. */
export interface DialectTypes {
  name: DialectName;
  /** An auto-numbered integer primary key named id. */
  withId<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
  /** Epoch milliseconds. */
  time: 'bigint';
}

export function dialectTypes(name: DialectName): DialectTypes {
  return {
    name,
    withId: (table) =>
      name === 'postgres'
        ? table.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
        : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement()),
    time: 'bigint',
  };
}

/** A migration: one step of the schema, written once for both dialects, never edited once landed. */
export interface Migration {
  up(db: Kysely<unknown>, types: DialectTypes): Promise<void>;
}
