import { createRequire } from 'node:module';
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { routeCodeModule, routeCodes } from '../../scripts/route-code';
import { LOGIN_SCHEMA } from '../../server/auth/routes';
import { AJV_OPTIONS, withTypeLists } from '../../server/http/lazy-compilers';
import { routeCodeKey } from '../../server/http/route-code';

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
type Serialize = (data: unknown) => string;
type Compile<F> = (routeSchema: { schema: unknown }) => F;

const requireHere = createRequire(import.meta.url);
/** A generated code run as the CommonJS module it is. */
function load<F>(code: string): F {
  const module = { exports: {} as unknown };
  new Function('module', 'require', code)(module, requireHere);
  return module.exports as F;
}

const compileValidator = (AjvCompiler() as unknown as (e: unknown, o: unknown) => Compile<Validate>)({}, { customOptions: { ...AJV_OPTIONS }, plugins: [] });
const compileSerializer = withTypeLists(SerializerSelector() as unknown as Parameters<typeof withTypeLists>[0])({}, undefined) as Compile<Serialize>;

/**
 * The login's functions compiled at build time are the ones Fastify's compilers make at run time
 * from the same schema: they accept, refuse (with the same errors) and write the same values.
 */
describe('route code compiled at build time', () => {
  const codes = routeCodes([LOGIN_SCHEMA]);
  const response = LOGIN_SCHEMA.response as Record<string, unknown>;

  it('validates the login body as the run-time validator does', () => {
    const built = load<Validate>(codes.get(routeCodeKey('validator', LOGIN_SCHEMA.body))!);
    const compiled = compileValidator({ schema: LOGIN_SCHEMA.body });
    const bodies = [
      { username: 'admin', password: 'admin123' },
      { username: 'admin', password: 'admin123', extra: 1 },
      { username: '', password: 'x' },
      { username: 'a'.repeat(65), password: 'x' },
      { username: 'admin' },
      { username: 7, password: 'x' },
      null,
    ];
    for (const body of bodies) {
      expect(built(body)).toBe(compiled(body));
      expect(built.errors ?? null).toEqual(compiled.errors ?? null);
    }
  });

  it('writes every answer of the login as the run-time serializer does', () => {
    const answers = [
      { code: 200, message: 'ok', data: { token: 'abc' } },
      { code: '400', message: 'bad', data: null },
      { code: 500, message: '\u51fa\u9519', data: null },
    ];
    expect(Object.keys(response).length).toBeGreaterThan(1);
    for (const schema of Object.values(response)) {
      const built = load<Serialize>(codes.get(routeCodeKey('serializer', schema))!);
      const compiled = compileSerializer({ schema });
      for (const answer of answers) {
        let expected: string | Error;
        try {
          expected = compiled(answer);
        } catch (error) {
          expected = error as Error;
        }
        if (expected instanceof Error) expect(() => built(answer)).toThrow(expected.message);
        else expect(built(answer)).toBe(expected);
      }
    }
  });

  it('is one module with each schema once, the login by default', () => {
    const source = routeCodeModule();
    expect(source.startsWith('export const PRECOMPILED = {')).toBe(true);
    // 4xx and 5xx answer the same envelope: one serializer serves both.
    expect(codes.size).toBe(1 + new Set(Object.values(response).map((s) => JSON.stringify(s))).size);
    for (const key of codes.keys()) expect(source).toContain(JSON.stringify(key));
  });
});
