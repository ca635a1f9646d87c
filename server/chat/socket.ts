import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '../db/schema';
import type { Config } from '../config';
import { checkAccess } from '../auth/sessions';
import { CLOSE_UNAUTHORIZED, type ChatFrame, type ConnectContent } from '../../src/contract/chat';

/** Only pages served from this host may open the socket: a cross-site page must not ride a token. */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // non-browser clients send none; the token still decides
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function send(socket: WebSocket, frame: ChatFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/**
 * /chat/ws: authenticates with the access token (never with id or name alone), announces the
 * heartbeat, answers ping with pong and closes sockets that stay silent past the timeout.
 */
export async function chatSocket(app: FastifyInstance, { db, config }: { db: Kysely<Database>; config: Config }) {
  app.get<{ Querystring: { id?: string; name?: string; token?: string } }>(
    '/chat/ws',
    { websocket: true, config: { access: 'public' }, schema: { hide: true } },
    async (socket, request) => {
      const { token, id } = request.query;
      const check = token && sameOrigin(request) ? await checkAccess(db, token) : null;
      if (!check || check.kind !== 'ok' || (id !== undefined && id !== String(check.caller.userId))) {
        socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      const watchdog = setTimeout(() => socket.close(1000, 'heartbeat timeout'), config.chatPingTimeout * 1000);
      watchdog.unref();
      socket.on('message', (raw) => {
        watchdog.refresh();
        let frame: ChatFrame;
        try {
          frame = JSON.parse(String(raw)) as ChatFrame;
        } catch {
          return;
        }
        if (frame.event === 'ping') send(socket, { event: 'pong', content: {} });
      });
      socket.on('close', () => {
        clearTimeout(watchdog);
      });
      const connect: ConnectContent = { ping_interval: config.chatPingInterval, ping_timeout: config.chatPingTimeout };
      send(socket, { event: 'connect', content: connect });
    },
  );
}
