import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Config } from '../config';
import { QrCreateData, QrIdBody, QrInfoData, QrStatusData } from '../../src/contract/api/account';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { settings } from '../../src/contract/settings';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { recordLog } from '../audit/system-log';
import { newToken } from './tokens';
import { deviceName } from './device-name';
import { usernameOf } from './account-store';
import { confirmQrLogin, consumeQrLogin, openQrLogin, qrLoginOf } from './qr-store';
import { sessionPolicy, startLogin } from './routes';

const QR_TTL_MS = 2 * 60_000;

/**
 * QR login: a waiting page asks for a one-time request and shows it as a QR code; a user signed in
 * elsewhere opens its link, sees who is asking and confirms; the waiting page's next poll receives
 * its own login. A request is good for two minutes and delivers its login once.
 */
export async function qrRoutes(app: App, { db, config }: { db: Kysely<Database>; config: Config }) {
  const policy = sessionPolicy(config);

  async function find(qrId: string) {
    const row = await qrLoginOf(db, qrId);
    if (!row) throw new ApiError(Code.notFound, 'qrNotFound');
    return row;
  }

  app.post(
    '/api/public/qr/create',
    {
      config: { access: 'public' },
      schema: routeSchema({ summary: 'Open a QR login request', tags: ['auth'], data: QrCreateData, auth: false }),
    },
    async (request) => {
      const qrId = newToken();
      const now = Date.now();
      await openQrLogin(db, qrId, { ip: request.ip, agent: (request.headers['user-agent'] ?? '').slice(0, 512) }, now, QR_TTL_MS);
      return ok({ qr_id: qrId, expires_at: now + QR_TTL_MS });
    },
  );

  app.post(
    '/api/public/qr/status',
    {
      config: { access: 'public' },
      schema: routeSchema({ summary: 'Poll a QR login request; a confirmed one answers its token once', tags: ['auth'], body: QrIdBody, data: QrStatusData, auth: false }),
    },
    async (request, reply) => {
      const row = await find(request.body.qr_id);
      if (row.status === 'consumed' || Date.now() > row.expires_at) return ok({ status: 'expired' as const });
      if (row.status !== 'confirmed' || row.user_id === null) return ok({ status: 'pending' as const });
      // Consumed before the login is issued: a second poll racing this one gets nothing.
      if (!(await consumeQrLogin(db, row.id))) return ok({ status: 'expired' as const });
      const answer = await startLogin(db, request, reply, row.user_id, policy);
      await recordLog(db, { userId: row.user_id, username: await usernameOf(db, row.user_id), action: 'login', target: 'qr', ip: request.ip, result: 'ok' });
      return ok({ status: 'confirmed' as const, token: answer[settings.tokenName] });
    },
  );

  app.post(
    '/api/index/qr/info',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Who is asking to log in with this QR code', tags: ['auth'], body: QrIdBody, data: QrInfoData, auth: true }),
    },
    async (request) => {
      const row = await find(request.body.qr_id);
      const status = Date.now() > row.expires_at && row.status === 'pending' ? 'expired' : row.status;
      return ok({ ip: row.requester_ip, user_agent: row.requester_agent, device: deviceName(row.requester_agent), created_at: row.created_at, expires_at: row.expires_at, status });
    },
  );

  app.post(
    '/api/index/qr/confirm',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Confirm a QR login request as the caller', tags: ['auth'], body: QrIdBody, data: Type.Null(), auth: true }),
    },
    async (request) => {
      const row = await find(request.body.qr_id);
      if (row.status !== 'pending' || Date.now() > row.expires_at) throw new ApiError(Code.badRequest, 'qrExpired');
      const caller = request.caller!;
      await confirmQrLogin(db, row.id, caller.userId);
      await recordLog(db, { userId: caller.userId, username: caller.username, action: 'qr-confirm', ip: request.ip, result: 'ok' });
      return ok(null);
    },
  );
}
