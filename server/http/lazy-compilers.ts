/**
 * Fastify compiles every route's validators (ajv) and serializers (fast-json-stringify) while it gets
 * ready: a third of a start-up spent on routes most starts never call. These factories wrap Fastify's
 * own compilers so each route's functions are compiled at their first request instead; the compiled
 * functions, their options and their errors are the ones Fastify would have made. The fuzz suite calls
 * every route, so a schema that fails to compile still fails a test.
 */
import type { AjvCompiler, ValidatorFactory } from '@fastify/ajv-compiler';
import type { SerializerSelector, SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import { atFirstUse } from '../first-use';
import { precompiled, type CompiledKind } from './route-code';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (data: unknown) => string;
// Fastify's factory types are unions over ajv's modes; these wrappers only pass the route schema on.
type RouteCompiler<F> = (routeSchema: unknown) => F;
type CompilerFactory<F> = (externalSchemas: unknown, options: unknown) => RouteCompiler<F>;

// ajv and fast-json-stringify are loaded with the first route compiled here, not at every start.
const ajvCompiler = atFirstUse<{ AjvCompiler: typeof AjvCompiler }>(
  '@fastify/ajv-compiler',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- compiled in, run at first use (server/first-use.ts)
  () => require('@fastify/ajv-compiler'),
);
const serializerCompiler = atFirstUse<{ SerializerSelector: typeof SerializerSelector }>(
  '@fastify/fast-json-stringify-compiler',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- compiled in, run at first use (server/first-use.ts)
  () => require('@fastify/fast-json-stringify-compiler'),
);

/** ajv's options, the server's and the build's (scripts/route-code.ts): its compiled code depends on them. */
export const AJV_OPTIONS = { allErrors: false, coerceTypes: false, removeAdditional: false } as const;

/**
 * The factory's compiler is made, and each route's function compiled, only when first called, and
 * neither when the build compiled that schema's function (server/http/route-code.ts).
 */
function deferCompiling<F>(kind: CompiledKind, factory: CompilerFactory<F>, defer: (compile: () => F) => F): CompilerFactory<F> {
  return (externalSchemas, options) => {
    let compiler: RouteCompiler<F> | undefined;
    return (routeSchema) =>
      defer(() => precompiled<F>(kind, (routeSchema as { schema: unknown }).schema) ?? (compiler ??= factory(externalSchemas, options))(routeSchema));
  };
}

function lazyValidator(compile: () => Validate): Validate {
  let validate: Validate | undefined;
  // Fastify reads `errors` off the function it was given after a failed call.
  const lazy: Validate = (data) => {
    validate ??= compile();
    const valid = validate(data);
    lazy.errors = validate.errors;
    return valid;
  };
  return lazy;
}

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** `{anyOf: [{type: 'integer'}, {type: 'string'}]}`: a union that only picks among primitive types. */
function primitiveTypes(branches: unknown): string[] | null {
  if (!Array.isArray(branches) || branches.length === 0) return null;
  const types: string[] = [];
  for (const branch of branches) {
    if (typeof branch !== 'object' || branch === null || Object.keys(branch).length !== 1) return null;
    const type = (branch as { type?: unknown }).type;
    if (typeof type !== 'string' || !PRIMITIVE_TYPES.has(type)) return null;
    types.push(type);
  }
  return types;
}

/**
 * A copy of a response schema with each union of bare primitive types (every envelope's
 * `code: integer | string`, a `string | null`) written as a type list. fast-json-stringify picks an
 * `anyOf` branch by running ajv at serialization time, which costs each route a validator instance
 * and a compile of its whole schema at its first answer (a tenth of a second); a type list is
 * picked with `typeof` and serializes the same values, refusing the same others.
 */
export function withPrimitiveUnionsAsTypeLists(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withPrimitiveUnionsAsTypeLists);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withPrimitiveUnionsAsTypeLists(value);
  const types = copy.type === undefined ? primitiveTypes(copy.anyOf) : null;
  if (types) {
    delete copy.anyOf;
    copy.type = types;
  }
  return copy;
}

/** Fastify's serializer compiler, given each route's response schema with its primitive unions as type lists. */
export function withTypeLists(factory: CompilerFactory<Serialize>): CompilerFactory<Serialize> {
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (routeSchema) => {
      const { schema } = routeSchema as { schema: unknown };
      return compile({ ...(routeSchema as object), schema: withPrimitiveUnionsAsTypeLists(schema) });
    };
  };
}

/** Whether a schema holds an object open to properties it does not name (a resource's record: its fields are an administrator's). */
function hasOpenObject(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasOpenObject);
  if (typeof schema !== 'object' || schema === null) return false;
  const node = schema as Record<string, unknown>;
  if (node.additionalProperties === true || node.patternProperties !== undefined) return true;
  return Object.values(node).some(hasOpenObject);
}

/**
 * A response schema with an open object is written by JSON.stringify: fast-json-stringify walks an
 * open object key by key, each value stringified apart, and took three times as long over a list's
 * page of records (a tenth of a list request's CPU). The answers are the server's own objects, built
 * to the schema: the same values are written.
 */
export function openObjectsAsJson(factory: CompilerFactory<Serialize>): CompilerFactory<Serialize> {
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (routeSchema) => (hasOpenObject((routeSchema as { schema: unknown }).schema) ? JSON.stringify : compile(routeSchema));
  };
}

function lazySerializer(compile: () => Serialize): Serialize {
  let serialize: Serialize | undefined;
  return (data) => (serialize ??= compile())(data);
}

/** A compiler factory made at its first call, when its package is loaded. */
function madeAtFirstCall<F>(make: () => CompilerFactory<F>): CompilerFactory<F> {
  let factory: CompilerFactory<F> | undefined;
  return (externalSchemas, options) => (factory ??= make())(externalSchemas, options);
}

/** Fastify's `schemaController` option with compiling deferred to each route's first use. */
export function lazySchemaController() {
  return {
    compilersFactory: {
      buildValidator: deferCompiling('validator', madeAtFirstCall(() => ajvCompiler().AjvCompiler() as CompilerFactory<Validate>), lazyValidator) as ValidatorFactory,
      buildSerializer: deferCompiling('serializer', madeAtFirstCall(() => openObjectsAsJson(withTypeLists(serializerCompiler().SerializerSelector() as CompilerFactory<Serialize>))), lazySerializer) as SerializerFactory,
    },
  };
}
