import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { Config } from '../config';
import { checkAccess, noteActivity, type Caller } from '../auth/sessions';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { isRefusedValue } from '../db/errors';
import { languageOf, message } from '../http/messages';
import { routeSchema, type App } from '../http/route';
import { ConversationBody, PublishBody, ReviewBody, SocketTicket, type ChatRecord } from '../../src/contract/api/chat';
import { Code } from '../../src/contract/envelope';
import { Type } from '../../src/contract/schema';
import { CLOSE_UNAUTHORIZED, type ChatFrame, type ConnectContent, type KeyboardContent, type PublishAck } from '../../src/contract/chat';
import type { ChatContext } from './context';
import { conversationOf, privateConversation } from './conversations';
import { senderOf } from './sender';
import { publishFromUser } from './publish';
import { reviewRecords } from './read-state';
import { issueTicket, redeemTicket, TICKET_TTL_SECONDS } from './tickets';
import { bindWire, frameWithData, sendFrame } from './outbox';
import { recordText } from './messages';

/** The socket's query: a ticket or access token, and the console's language (a browser's socket cannot set headers). */
const SocketQuery = Type.Object({
  token: Type.Optional(Type.String()),
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  lang: Type.Optional(Type.String()),
});

let frameChecks: { conversation: TypeCheck<typeof ConversationBody>; review: TypeCheck<typeof ReviewBody>; publish: TypeCheck<typeof PublishBody> } | undefined;

/** Compiled (TypeBox's `new Function`) at the first frame, not at every start of the server. */
function checks(): NonNullable<typeof frameChecks> {
  frameChecks ??= { conversation: TypeCompiler.Compile(ConversationBody), review: TypeCompiler.Compile(ReviewBody), publish: TypeCompiler.Compile(PublishBody) };
  return frameChecks;
}

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


/**
 * /chat/ws: authenticates with a socket ticket or the access token (never with id or name alone),
 * announces the heartbeat, answers ping with pong, closes sockets that stay silent past the timeout,
 * and takes messages, typing notices and read receipts from the client.
 */
export async function chatSocket(app: App, { config, ...chat }: ChatContext & { config: Config }) {
  const { db, hub, writes } = chat;
  /** The login behind the `token` query: a ticket (used up now) or a live access token. */
  async function socketLogin(token: string): Promise<Caller | null> {
    const byTicket = await redeemTicket(db, token);
    if (byTicket !== null) return byTicket;
    const check = await checkAccess(db, token);
    return check.kind === 'ok' ? check.caller : null;
  }

  /**
   * A message sent on the socket, held to what POST /chat/talk/message/publish holds it to: the
   * login that opened the socket must still be alive and unlocked, and sending counts as activity.
   */
  async function publishOnSocket({ userId, sessionId }: Caller, body: PublishBody, socket: WebSocket): Promise<ChatRecord> {
    const { talk_type, receiver_id } = body;
    // A group's members are looked up while the login is checked (a login stays with its user), so
    // a message waits for one round of reads, not two; what they say counts only once the login holds.
    // A private message's users are read with the login, by the same query.
    const group = talk_type === 2 ? conversationOf(db, userId, talk_type, receiver_id) : null;
    group?.catch(() => undefined);
    const sender = await senderOf(db, sessionId, talk_type === 1 ? receiver_id : null);
    if (!sender) throw new ApiError(Code.unauthorized, 'unauthorized');
    const { caller, me, peer } = sender;
    await noteActivity(writes, caller, { idleLockMs: config.idleLockMinutes * 60_000 });
    if (caller.locked) throw new ApiError(Code.locked, 'locked');
    const conversation = await (group ?? privateConversation(db, caller.userId, receiver_id, async () => [me, peer]));
    return publishFromUser(chat, caller.userId, body, { conversation, socket });
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

  app.get(
    '/chat/ws',
    { websocket: true, config: { access: 'public' }, schema: { hide: true, querystring: SocketQuery } },
    async (socket, request) => {
      const { token, id, lang } = request.query;
      const login = token && sameOrigin(request) ? await socketLogin(token) : null;
      if (login === null || (id !== undefined && id !== String(login.userId))) {
        socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      const { userId } = login;
      bindWire(socket, request.raw.socket);
      const send = (frame: ChatFrame) => sendFrame(socket, JSON.stringify(frame));
      // The console's language travels in the query: a browser's socket cannot set Accept-Language.
      const language = languageOf(lang ?? request.headers['accept-language']);
      const acknowledge = (client_msg_id: string, answer: Omit<PublishAck, 'client_msg_id'>) =>
        send({ event: 'im.message.ack', content: { client_msg_id, ...answer } satisfies PublishAck });
      const publish = (body: PublishBody) =>
        publishOnSocket(login, body, socket).then(
          (record) =>
            sendFrame(socket, frameWithData('im.message.ack', { client_msg_id: body.client_msg_id, code: Code.ok, msg: 'ok' } satisfies Omit<PublishAck, 'data'>, recordText(record))),
          (error: unknown) => {
            if (error instanceof ApiError) {
              acknowledge(body.client_msg_id, { code: error.code, msg: message(language, error.key, error.params), data: null });
              // A login that ended takes its socket with it; the client asks for a new ticket and hears the same.
              if (error.code === Code.unauthorized) socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
              return;
            }
            if (isRefusedValue(error)) {
              acknowledge(body.client_msg_id, { code: Code.badRequest, msg: message(language, 'badRequest'), data: null });
              return;
            }
            request.log.error({ err: error }, 'chat publish failed');
            acknowledge(body.client_msg_id, { code: Code.serverError, msg: message(language, 'serverError', { id: String(request.id) }), data: null });
          },
        );
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
        if (frame?.event === 'ping') send({ event: 'pong', content: {} });
        else if (frame?.event === 'im.message.keyboard' && checks().conversation.Check(frame.content)) relayTyping(userId, frame.content).catch(failed);
        else if (frame?.event === 'im.message.publish') {
          if (checks().publish.Check(frame.content)) void publish(frame.content);
          else if (typeof (frame.content as Partial<PublishBody>)?.client_msg_id === 'string') {
            // Answered, so a sender waiting for this id hears why instead of timing out.
            acknowledge((frame.content as PublishBody).client_msg_id, { code: Code.badRequest, msg: message(language, 'badRequest'), data: null });
          }
        }
        else if (frame?.event === 'im.message.read' && checks().review.Check(frame.content)) reviewRecords(db, hub, userId, frame.content).catch(failed);
      });
      socket.on('close', () => clearTimeout(watchdog));
      hub.attach(userId, socket);
      const connect: ConnectContent = { ping_interval: config.chatPingInterval, ping_timeout: config.chatPingTimeout };
      send({ event: 'connect', content: connect });
    },
  );
}
