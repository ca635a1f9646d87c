import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import localizeZh from 'ajv-i18n/localize/zh';
import type { ErrorObject } from 'ajv';
import { Code, httpStatusFor, type Envelope } from '../../src/contract/envelope';
import { ApiError } from './errors';
import { isRefusedValue } from '../db/errors';
import { FIELD_MESSAGES, languageOf, message, type Language, type MessageKey } from './messages';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: Code.ok, msg, data };
}

export function sendEnvelope(reply: FastifyReply, code: number, msg: string, data: unknown = null): FastifyReply {
  return reply.status(httpStatusFor(code)).type('application/json; charset=utf-8').send({ code, msg, data });
}

/** "body.items.0.name" from a validation error: the field the caller must fix. */
function fieldPath(context: string | undefined, error: ErrorObject): string {
  const segments = error.instancePath.split('/').filter(Boolean);
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (error.keyword === 'required' && missing) segments.push(missing);
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  if (error.keyword === 'additionalProperties' && extra) segments.push(extra);
  return [context ?? 'body', ...segments].join('.');
}

function validationMessage(request: FastifyRequest, error: FastifyError): string {
  const errors = (error.validation ?? []) as ErrorObject[];
  if (request.lang === 'zh') localizeZh(errors);
  const first = errors[0];
  if (!first) return message(request.lang, 'badRequest');
  const field = fieldPath(error.validationContext, first);
  const known = FIELD_MESSAGES[field.split('.').pop()!];
  if (known) return `${message(request.lang, known)} (${field})`;
  const detail =
    first.keyword === 'required'
      ? message(request.lang, 'fieldRequired', { field })
      : message(request.lang, 'fieldInvalid', { field, reason: first.message ?? '' });
  return `${message(request.lang, 'badRequest')}: ${detail}`;
}

/** Other 4xx raised by plugins (static files, routing) keep their status and get its message. */
const STATUS_MESSAGES: Record<number, MessageKey> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
};

/** Body parser failures that mean "this is not JSON", whatever the parser called them. */
const JSON_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/**
 * Every answer in the `{code, msg, data}` envelope: thrown ApiErrors, schema failures with the
 * offending field path, malformed JSON, oversized bodies, unknown paths — and anything unexpected
 * as a 500 with a request id, logged with its stack, never shown to the client.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (request) => {
    request.lang = languageOf(request.headers['accept-language']);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return sendEnvelope(reply, error.code, message(request.lang, error.key, error.params), error.data);
    }
    if (error.validation) {
      return sendEnvelope(reply, Code.badRequest, validationMessage(request, error));
    }
    if (JSON_ERRORS.has(error.code) || error instanceof SyntaxError || (error.statusCode === 400 && !error.code)) {
      return sendEnvelope(reply, Code.badRequest, message(request.lang, 'invalidJson'));
    }
    if (isRefusedValue(error)) {
      request.log.info({ err: error }, 'value refused by the database');
      return sendEnvelope(reply, Code.badRequest, message(request.lang, 'badRequest'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendEnvelope(reply, error.statusCode, message(request.lang, STATUS_MESSAGES[error.statusCode] ?? 'badRequest'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendEnvelope(reply, Code.serverError, message(request.lang, 'serverError', { id: String(request.id) }));
  });
}, { name: 'envelope' });

/** Answer of an unknown API path: 404 in the envelope. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendEnvelope(reply, Code.notFound, message(request.lang, 'notFound'));
}
