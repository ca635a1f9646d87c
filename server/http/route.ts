import type { FastifyBaseLogger, FastifyInstance, FastifySchema, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EnvelopeOf, NoDataEnvelope, Type, type TSchema } from '../../src/contract/schema';

/** The server as route modules see it: a request's body, query and params are typed by their TypeBox schemas. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

type Part = TSchema | undefined;

export interface RouteDoc<Body extends Part = Part, Query extends Part = Part, Params extends Part = Part> {
  summary: string;
  tags: string[];
  body?: Body;
  querystring?: Query;
  params?: Params;
  /** The schema of `data` in a successful answer. */
  data: TSchema;
  /** Whether the route needs a Bearer token (shown as a lock in the API docs). */
  auth: boolean;
  /** The schema of `data` in a refusal that explains itself (null otherwise). */
  errorData?: TSchema;
}

/** A route's schema with its request parts' own types, which the TypeBox type provider reads. */
export type RouteSchema<Body extends Part, Query extends Part, Params extends Part> = FastifySchema & { body: Body; querystring: Query; params: Params };

/** A route's Fastify schema: its body, its answer in the envelope, and the error envelope. */
export function routeSchema<Body extends Part = undefined, Query extends Part = undefined, Params extends Part = undefined>(
  doc: RouteDoc<Body, Query, Params>,
): RouteSchema<Body, Query, Params> {
  const schema: FastifySchema = {
    summary: doc.summary,
    tags: doc.tags,
    ...(doc.body ? { body: doc.body } : {}),
    ...(doc.querystring ? { querystring: doc.querystring } : {}),
    ...(doc.params ? { params: doc.params } : {}),
    ...(doc.auth ? { security: [{ bearerAuth: [] }] } : {}),
    response: {
      200: EnvelopeOf(doc.data),
      '4xx': doc.errorData ? EnvelopeOf(Type.Union([doc.errorData, Type.Null()])) : NoDataEnvelope,
      '5xx': NoDataEnvelope,
    },
  };
  // Absent parts are left out rather than set to undefined (Fastify and the API docs read every key
  // present); their types say undefined, which the type provider reads as "no such part".
  return schema as RouteSchema<Body, Query, Params>;
}
