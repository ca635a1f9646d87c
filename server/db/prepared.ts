import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Statement texts of hot paths, each with the name PostgreSQL connections prepare it under: sent by
 * name, a statement is parsed and planned once per connection instead of at every run, which cost
 * a busy database more than running it (db/open.ts sends them so). SQLite keeps every statement
 * prepared already.
 */
const keptStatements = new Map<string, string>();

/** Registers a hot path's statement text; its name on PostgreSQL connections. */
export function keepPrepared(text: string): string {
  let name = keptStatements.get(text);
  if (name === undefined) {
    name = `kept_${keptStatements.size + 1}`;
    keptStatements.set(text, name);
  }
  return name;
}

/** The name of a kept statement, undefined for any other text. */
export function keptName(text: string): string | undefined {
  return keptStatements.get(text);
}

/** Stands for the i-th value of a run while the query is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/** A query with its values in slots; each run fills them in. */
export type Prepared<Args extends readonly unknown[], Row> = (db: Kysely<Database>, ...args: Args) => Promise<Row[]>;

/**
 * A query of a hot path (a chat message runs several, every request checks its login) whose shape
 * never changes: Kysely builds and compiles it once per dialect instead of at every call, which cost
 * more than running it. `build` gets stand-ins for the values: use each as one value (compared,
 * inserted, set, an item of an `in` list), never to decide the query's shape.
 */
export function prepared<Args extends readonly unknown[], Row>(build: (db: Kysely<Database>, ...values: Args) => Compilable<Row>): Prepared<Args, Row> {
  // Keyed by the dialect's adapter, which a database and its transactions share.
  const compiled = new WeakMap<DialectAdapter, CompiledQuery<Row>>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      // One stand-in for each parameter `build` declares after the database.
      const slots = Array.from({ length: build.length - 1 }, (_, i) => new Slot(i)) as unknown as Args;
      query = build(db, ...slots).compile();
      keepPrepared(query.sql);
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
