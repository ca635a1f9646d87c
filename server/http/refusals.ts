import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/envelope';
import { sendEnvelope } from './envelope';
import { languageOf, message, type MessageKey } from './messages';

/**
 * Refusals made before a request reaches a route, so the error handler never sees them: the
 * router's (an undecodable URL, a path parameter over maxParamLength) and Node's HTTP parser's (headers or a
 * URL over maxHeaderSize, a request that never finished). They answer in the envelope too.
 */

const URL_TOO_LONG = 414;
const HEADERS_TOO_LARGE = 431;
const REQUEST_TIMEOUT = 408;

/** Fastify's `frameworkErrors`: the router could not take the URL apart. */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const lang = languageOf(request.headers['accept-language']);
  request.log.info({ code: error.code }, 'refused by the router');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void sendEnvelope(reply, URL_TOO_LONG, message(lang, 'urlTooLong'));
  else void sendEnvelope(reply, Code.badRequest, message(lang, 'badUrl'));
}

/** What the HTTP parser's error means to the caller. */
function refusalOf(code: string | undefined): { status: number; key: MessageKey } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: HEADERS_TOO_LARGE, key: 'headersTooLarge' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: REQUEST_TIMEOUT, key: 'requestTimeout' };
  return { status: Code.badRequest, key: 'badRequest' };
}

/** The language a request that could not be parsed asked for, read from the bytes that did arrive. */
function languageOfRaw(raw: unknown): ReturnType<typeof languageOf> {
  if (!Buffer.isBuffer(raw)) return 'zh';
  const header = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(raw.toString('latin1'));
  return languageOf(header?.[1]);
}

/** Fastify's `clientErrorHandler`: Node's parser refused the request; the socket gets one envelope and closes. */
export function clientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = refusalOf(error.code);
  const body = JSON.stringify({ code: status, msg: message(languageOfRaw(error.rawPacket), key), data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
