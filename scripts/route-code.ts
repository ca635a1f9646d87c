/**
 * Writes the module the server's build puts in place of server/http/route-code-precompiled.ts: the
 * login's validator and serializers (ajv's and fast-json-stringify's standalone code), made by the
 * compilers Fastify uses at run time with the same options, each under its schema's key. A restart's
 * first login then runs them as they are, without building an ajv instance or generating code.
 */
import { StandaloneValidator } from '@fastify/ajv-compiler';
import { StandaloneSerializer } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchema } from 'fastify';
import { LOGIN_SCHEMA } from '../server/auth/routes';
import { AJV_OPTIONS, withTypeLists } from '../server/http/lazy-compilers';
import { routeCodeKey, type CompiledKind } from '../server/http/route-code';

/** The routes whose functions the build compiles: those a first login runs. */
const FIRST_LOGIN: readonly FastifySchema[] = [LOGIN_SCHEMA];

const REQUEST_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

type Store = (options: unknown, code: string) => void;
type Compile = (routeSchema: { schema: unknown }) => unknown;

/** Each schema's standalone code (a CommonJS module), under the key the server looks it up by. */
export function routeCodes(schemas: readonly FastifySchema[]): Map<string, string> {
  const codes = new Map<string, string>();
  // Keyed by the schema as the route gives it: the serializer's compiler is handed a rewritten copy.
  let key = '';
  const store: Store = (_options, code) => codes.set(key, code);
  const validate = StandaloneValidator({ readMode: false, storeFunction: store })({}, { customOptions: { ...AJV_OPTIONS }, plugins: [] }) as Compile;
  const serializerFactory = StandaloneSerializer({ readMode: false, storeFunction: store }) as unknown as Parameters<typeof withTypeLists>[0];
  const serialize = withTypeLists(serializerFactory)({}, undefined) as Compile;
  const compile = (kind: CompiledKind, compiler: Compile, schema: unknown) => {
    key = routeCodeKey(kind, schema);
    if (!codes.has(key)) compiler({ schema });
  };
  for (const schema of schemas) {
    for (const part of REQUEST_PARTS) if (schema[part] !== undefined) compile('validator', validate, schema[part]);
    for (const response of Object.values(schema.response ?? {})) compile('serializer', serialize, response);
  }
  return codes;
}

/** The source of the generated module: each code is run once, when first asked for. */
export function routeCodeModule(schemas: readonly FastifySchema[] = FIRST_LOGIN): string {
  // Each code is a CommonJS module of its own; its require()s are bundled with the server.
  const entries = [...routeCodes(schemas)].map(([key, code]) => `${JSON.stringify(key)}: () => (function (module) {\n${code}\nreturn module.exports;\n})({ exports: {} }),`);
  return `export const PRECOMPILED = {\n${entries.join('\n')}\n};\n`;
}
