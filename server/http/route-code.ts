/**
 * Validators and serializers compiled when the server is built (scripts/route-code.ts) for the
 * routes a first login runs, so a restart's first login does not start ajv and fast-json-stringify
 * (a fifth of its CPU). Each is found by a hash of the schema it was made from: a schema changed
 * since the build, or a route not listed, is compiled at its first request as before.
 */
import { createHash } from 'node:crypto';
import { PRECOMPILED } from './route-code-precompiled';

export type CompiledKind = 'validator' | 'serializer';

/** The key of a schema's compiled function: its JSON (TypeBox's symbols are left out) and what it is compiled to. */
export function routeCodeKey(kind: CompiledKind, schema: unknown): string {
  return createHash('sha1').update(kind).update(JSON.stringify(schema)).digest('hex');
}

/** The function compiled at build time for this schema, if any. */
export function precompiled<F>(kind: CompiledKind, schema: unknown): F | undefined {
  const make = PRECOMPILED[routeCodeKey(kind, schema)];
  return make === undefined ? undefined : (make() as F);
}
