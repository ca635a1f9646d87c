import type { FastifySchema } from 'fastify';
import { EnvelopeOf, NoDataEnvelope, Type, type TSchema } from '../../src/contract/schema';

export interface RouteDoc {
  summary: string;
  tags: string[];
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  /** The schema of `data` in a successful answer. */
  data: TSchema;
  /** Whether the route needs a Bearer token (shown as a lock in the API docs). */
  auth: boolean;
  /** The schema of `data` in a refusal that explains itself (null otherwise). */
  errorData?: TSchema;
}

/** A route's Fastify schema: its body, its answer in the envelope, and the error envelope. */
export function routeSchema(doc: RouteDoc): FastifySchema {
  return {
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
}
