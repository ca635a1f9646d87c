import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Database } from '../db/schema';
import type { Config } from '../config';
import { checkAccess } from '../auth/sessions';
import { ok } from '../http/envelope';
import { routeSchema } from '../http/route';
import { ConversationBody, ReviewBody, SocketTicket } from '../../src/contract/api/chat';
import { CLOSE_UNAUTHORIZED, type ChatFrame, type ConnectContent, type KeyboardContent } from '../../src/contract/chat';
import type { ChatHub } from './hub';
import { conversationOf } from './conversations';
import { reviewRecords } from './read-state';
import { issueTicket, redeemTicket, TICKET_TTL_SECONDS } from './tickets';

const isConversation = TypeCompiler.Compile(ConversationBody);
const isReview = TypeCompiler.Compile(ReviewBody);

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
 * /chat/ws: authenticates with a socket ticket or the access token (never with id or name alone),
 * announces the heartbeat, answers ping with pong, closes sockets that stay silent past the timeout,
 * and takes typing notices and read receipts from the client.
 */
export async function chatSocket(app: FastifyInstance, { db, config, hub }: { db: Kysely<Database>; config: Config; hub: ChatHub }) {
  /** The user behind the `token` query: a ticket (used up now) or a live access token. */
  async function socketUser(token: string): Promise<number | null> {
    const byTicket = await redeemTicket(db, token);
    if (byTicket !== null) return byTicket;
    const check = await checkAccess(db, token);
    return check.kind === 'ok' ? check.caller.userId : null;
  }

  /** Typing is relayed to the other side and never stored. */
  async function relayTyping(userId: number, { talk_type, receiver_id }: ConversationBody) {
    const conversation = await conversationOf(db, userId, talk_type, receiver_id);
    if (conversation.robot) return;
    const content: KeyboardContent = { sender_id: userId, receiver_id, talk_type };
    hub.deliver(
      conversation.participants.filter((id) => id !== userId),
      { event: 'im.message.keyboard', content },
    );
  }

  app.post(
    '/chat/ticket',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'A one-minute, single-use ticket for /chat/ws', tags: ['chat'], data: SocketTicket, auth: true }),
        description: 'Open `/chat/ws?token=<ticket>` within a minute; the ticket opens one socket only. Keeps the access token out of URLs and logs.',
      },
    },
    async (request) => ok({ ticket: await issueTicket(db, request.caller!.sessionId), expires_in: TICKET_TTL_SECONDS }),
  );

  app.get<{ Querystring: { id?: string; name?: string; token?: string } }>(
    '/chat/ws',
    { websocket: true, config: { access: 'public' }, schema: { hide: true } },
    async (socket, request) => {
      const { token, id } = request.query;
      const userId = token && sameOrigin(request) ? await socketUser(token) : null;
      if (userId === null || (id !== undefined && id !== String(userId))) {
        socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      // Gone while its token was checked: nothing to register.
      if (socket.readyState !== socket.OPEN) return;
      const watchdog = setTimeout(() => socket.close(1000, 'heartbeat timeout'), config.chatPingTimeout * 1000);
      watchdog.unref();
      const failed = (err: unknown) => request.log.debug({ err }, 'chat frame refused');
      socket.on('message', (raw) => {
        watchdog.refresh();
        let frame: ChatFrame;
        try {
          frame = JSON.parse(String(raw)) as ChatFrame;
        } catch {
          return;
        }
        if (frame?.event === 'ping') send(socket, { event: 'pong', content: {} });
        else if (frame?.event === 'im.message.keyboard' && isConversation.Check(frame.content)) relayTyping(userId, frame.content).catch(failed);
        else if (frame?.event === 'im.message.read' && isReview.Check(frame.content)) reviewRecords(db, hub, userId, frame.content).catch(failed);
      });
      socket.on('close', () => clearTimeout(watchdog));
      hub.attach(userId, socket);
      const connect: ConnectContent = { ping_interval: config.chatPingInterval, ping_timeout: config.chatPingTimeout };
      send(socket, { event: 'connect', content: connect });
    },
  );
}
