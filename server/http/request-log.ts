import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The chat socket is opened with ?token= (an access token or a ticket): it never reaches the logs. */
export function loggedUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/g, '$1[redacted]');
}

/**
 * One line per answered request instead of Fastify's two at info: at debug level, at warn when it
 * took `slowMs` or longer, at error when it failed, so an operator's info log holds start, stop,
 * errors and slow requests. A socket is logged (at debug) as it opens: its upgraded request is not
 * answered the way a request is.
 */
export class RequestLog extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (request.headers.upgrade === 'websocket') request.log.debug({ url: loggedUrl(request.url) }, 'socket opened');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, url: loggedUrl(request.url), status: reply.statusCode, ms };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else if (ms >= this.slowMs) reply.log.warn(line, 'slow request');
    else reply.log.debug(line, 'request');
  }
}
