import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Type, type TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ListAnswer } from '../../src/contract/api/resources';
import { openObjectsAsJson, withTypeLists } from '../../server/http/lazy-compilers';

type Serialize = (data: unknown) => string;
type Compile = (routeSchema: { schema: unknown }) => Serialize;

const fastSelector = () => withTypeLists(SerializerSelector() as unknown as Parameters<typeof withTypeLists>[0]);
const compileFast = fastSelector()({}, undefined) as Compile;
const compile = openObjectsAsJson(fastSelector())({}, undefined) as Compile;
const envelope = (data: TSchema) => Type.Object({ code: Type.Union([Type.Integer(), Type.String()]), msg: Type.String(), data });

/** Answers whose records are open (an administrator's fields) are written by JSON.stringify, with fast-json-stringify's values; closed ones stay with it. */
describe('serializers of open and closed answers', () => {
  it('writes a page of records with the values fast-json-stringify writes', () => {
    const schema = envelope(ListAnswer);
    const page = {
      code: 200,
      msg: '成功',
      data: {
        rows: [
          { id: 1, version: 2, team_id: null, created_by: 3, created_at: 1700000000000, updated_at: 1700000000001, order_no: 'SO0001', amount: 12.5, tags: ['急', '华东'], paid: true, note: null, __labels: { team_id: '华东一组' } },
          { id: 2, version: 1, team_id: 4, created_by: null, created_at: 1700000000002, updated_at: 1700000000003, order_no: 'SO"0002\n' },
        ],
        total: 2,
        page: 1,
        pageSize: 20,
      },
    };
    const serialize = compile({ schema });
    expect(serialize).toBe(JSON.stringify);
    expect(JSON.parse(serialize(page))).toEqual(JSON.parse(compileFast({ schema })(page)));
  });

  it('keeps fast-json-stringify for a closed answer, which drops what its schema does not name', () => {
    const schema = envelope(Type.Object({ token: Type.String() }));
    const serialize = compile({ schema });
    expect(serialize).not.toBe(JSON.stringify);
    expect(JSON.parse(serialize({ code: 200, msg: 'ok', data: { token: 'abc', secret: 'x' } }))).toEqual({ code: 200, msg: 'ok', data: { token: 'abc' } });
  });
});
