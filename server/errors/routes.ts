import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ClientErrorBatch, ClientErrorList } from '../../src/contract/api/client-errors';
import { CLIENT_ERROR_LIMITS, ERROR_LOG_PERMISSION } from '../../src/contract/error-log';
import { Type } from '../../src/contract/schema';
import { ok } from '../http/envelope';
import { routeSchema, type App } from '../http/route';
import { latestClientErrors, saveClientErrors } from './store';

/** How many of the latest reports the Error Log page shows. */
const LIST_LIMIT = 200;

const clip = (text: string, limit: number) => (text.length > limit ? text.slice(0, limit) : text);

/** The error log of spec §8: browsers report what they met, administrators read it. */
export async function clientErrorRoutes(app: App, { db }: { db: Kysely<Database> }) {
  app.post(
    '/api/index/error-log',
    {
      // A report is no sign of the user being at the keyboard: it must not hold off the idle lock.
      config: { access: 'authenticated', passive: true },
      schema: routeSchema({ summary: 'Report errors the console met in this browser', tags: ['errors'], body: ClientErrorBatch, data: Type.Null(), auth: true }),
    },
    async (request) => {
      const userAgent = clip(request.headers['user-agent'] ?? '', CLIENT_ERROR_LIMITS.userAgent);
      const now = Date.now();
      await saveClientErrors(
        db,
        request.body.entries.map((entry) => ({
          user_id: request.caller!.userId,
          message: clip(entry.message, CLIENT_ERROR_LIMITS.message),
          stack: clip(entry.stack ?? '', CLIENT_ERROR_LIMITS.stack),
          url: clip(entry.url, CLIENT_ERROR_LIMITS.url),
          user_agent: userAgent,
          kind: entry.kind,
          created_at: now,
        })),
      );
      return ok(null);
    },
  );

  app.post(
    '/api/admin/error-log/list',
    {
      config: { access: { permission: ERROR_LOG_PERMISSION } },
      schema: routeSchema({ summary: 'The latest errors the browsers reported', tags: ['errors'], data: ClientErrorList, auth: true }),
    },
    async () => ok({ rows: await latestClientErrors(db, LIST_LIMIT) }),
  );
}
