/**
 * Fastify compiles every route's validators (ajv) and serializers (fast-json-stringify) while it gets
 * ready: a third of a start-up spent on routes most starts never call. These factories wrap Fastify's
 * own compilers so each route's functions are compiled at their first request instead; the compiled
 * functions, their options and their errors are the ones Fastify would have made. The fuzz suite calls
 * every route, so a schema that fails to compile still fails a test.
 */
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (data: unknown) => string;
// Fastify's factory types are unions over ajv's modes; these wrappers only pass the route schema on.
type RouteCompiler<F> = (routeSchema: unknown) => F;
type CompilerFactory<F> = (externalSchemas: unknown, options: unknown) => RouteCompiler<F>;

/** The factory's compiler is made, and each route's function compiled, only when first called. */
function deferCompiling<F>(factory: CompilerFactory<F>, defer: (compile: () => F) => F): CompilerFactory<F> {
  return (externalSchemas, options) => {
    let compiler: RouteCompiler<F> | undefined;
    return (routeSchema) => defer(() => (compiler ??= factory(externalSchemas, options))(routeSchema));
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

function lazySerializer(compile: () => Serialize): Serialize {
  let serialize: Serialize | undefined;
  return (data) => (serialize ??= compile())(data);
}

/** Fastify's `schemaController` option with compiling deferred to each route's first use. */
export function lazySchemaController() {
  return {
    compilersFactory: {
      buildValidator: deferCompiling(AjvCompiler() as CompilerFactory<Validate>, lazyValidator) as ValidatorFactory,
      buildSerializer: deferCompiling(SerializerSelector() as CompilerFactory<Serialize>, lazySerializer) as SerializerFactory,
    },
  };
}
