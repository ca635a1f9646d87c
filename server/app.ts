import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { DatabaseHandle } from './db/open';
import { envelopePlugin } from './http/envelope';
import { AJV_OPTIONS, lazySchemaController } from './http/lazy-compilers';
import { loggedUrl, RequestLog } from './http/request-log';
import { drainPlugin } from './http/drain';
import { clientError, frameworkError } from './http/refusals';
import { securityHeaders } from './http/security';
import { apiDocs } from './http/docs';
import { spa } from './http/spa';
import { uploads } from './http/uploads';
import { uploadRoutes } from './http/upload-routes';
import { filesRoutes } from './files/routes';
import { guardPlugin } from './auth/guard';
import { authRoutes } from './auth/routes';
import { accountRoutes } from './auth/account-routes';
import { profileRoutes } from './auth/profile-routes';
import { qrRoutes } from './auth/qr-routes';
import { logSender, noSender, type CodeSender } from './auth/verification-codes';
import { indexRoutes } from './index/routes';
import { noticeRoutes } from './notices/routes';
import { chatPlugin } from './chat/plugin';
import { clientErrorRoutes } from './errors/routes';
import { shareRoutes } from './share/routes';
import { reconciliationRoutes } from './reconciliation/routes';
import { goodsStatisticsRoutes } from './goods/statistics-routes';
import { cashierRoutes } from './goods/cashier-routes';
import { posterRoutes } from './goods/poster-routes';
import { goodsManagementRoutes } from './goods/management-routes';
import { resourceRoutes } from './resources/routes';
import { quotingRoutes } from './quoting/routes';
import { quotingPreviewRoutes } from './quoting/preview-routes';
import { dashboardRoutes } from './dashboard/routes';
import { quotingLive } from './quoting/live';
import { definitionRoutes } from './resources/definition-routes';
import { listResourceDefinitions } from './resources/definitions';
import { screenRoutes } from './screens/routes';
import { loadBundledScreens } from './screens/bundled';
import { menuRoutes } from './menus/routes';
import { permissionCodesOf } from './menus/permission-codes';
import { APP_VERSION } from './version';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Delivers verification codes; by default logged in demo mode and unavailable otherwise. */
  sender?: CodeSender;
  /**
   * Check every route's schema against JSON Schema's meta-schema as it compiles (ajv's validateSchema).
   * The tests' server turns it on, so a bad schema fails them (the fuzz suite compiles every route's);
   * a production start skips it: compiling the meta-schema was a third of a restart's first login.
   */
  checkSchemas?: boolean;
}

/** The whole HTTP server, ready to listen; tests build it on a temporary database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: {
        req: (req) => ({
          method: req.method,
          url: loggedUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    logController: new RequestLog(config.slowRequestMs),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    ajv: { customOptions: { ...AJV_OPTIONS, validateSchema: deps.checkSchemas ?? false } },
    schemaController: lazySchemaController(),
    // Refusals made before any route runs answer in the envelope too; so does the shutdown drain.
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
    return503OnClosing: false,
    // Fastify guards each plugin's loading with a timer of its own, and every route adds such a step:
    // some 400 timers of distinct durations at every start, a sixth of building the app. serve()
    // guards the whole start with one timer instead (START_LIMIT_MS).
    pluginTimeout: 0,
    // A GET route gets no HEAD twin: each was a route of its own to set up at every start, and no
    // client asks the API with HEAD. What a browser may ask with HEAD keeps it: the built front end
    // (the not-found handler answers HEAD too), uploads (@fastify/static routes both) and the API
    // docs' pages (http/docs.ts asks for it).
    exposeHeadRoutes: false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const db = database.db;
  // Every fastify-plugin wrapper of the console is given its name: without one, fastify-plugin throws
  // an Error to read a name off its stack, and formatting a stack in the compiled 3 MB bundle first
  // computes where each of its lines starts, a cost of every start.
  // Plugins are queued and loaded in this order in one pass (app.after below), not one await each:
  // awaiting each made Fastify's plugin queue start over some 30 times. Only the chat plugin is
  // awaited, for the hub it decorates the app with.
  void app.register(envelopePlugin);
  void app.register(drainPlugin);
  void app.register(securityHeaders);
  void app.register(cookie);
  void app.register(websocket, {
    options: { maxPayload: 1024 * 1024 },
    // On shutdown every socket hears "going away" (1001), so clients reconnect to the next process.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'server shutting down');
      this.websocketServer.close();
      done();
    },
  });
  void app.register(apiDocs, { version: APP_VERSION });
  void app.register(guardPlugin, { db, writes: database.writes, idleLockMs: config.idleLockMinutes * 60_000 });
  void app.register(authRoutes, { db, config });
  void app.register(accountRoutes, { db, config, sender: deps.sender ?? (config.demoSeed ? logSender(app.log) : noSender) });
  void app.register(profileRoutes, { db, config });
  void app.register(qrRoutes, { db, config });
  void app.register(indexRoutes, { db });
  void app.register(noticeRoutes, { db });
  void app.register(clientErrorRoutes, { db });
  void app.register(shareRoutes, { db });
  void app.register(reconciliationRoutes, { database, config });
  void app.register(goodsStatisticsRoutes, { database });
  void app.register(cashierRoutes, { database });
  void app.register(goodsManagementRoutes, { database });
  void app.register(posterRoutes, { database });
  void app.register(filesRoutes, { database, config });
  await app.register(chatPlugin, { db, writes: database.writes, config });
  void app.register(uploadRoutes, { config });
  const onWritten = quotingLive(db, app.chatHub, app.log);
  void app.register(resourceRoutes, { database, onWritten });
  void app.register(quotingRoutes, { database, onWritten });
  void app.register(quotingPreviewRoutes, { database });
  void app.register(dashboardRoutes, { db, online: (userIds) => app.chatHub.online(userIds) });
  void app.register(definitionRoutes, { database });
  const definitions = () => listResourceDefinitions(database);
  void app.register(screenRoutes, {
    db,
    bundled: loadBundledScreens(),
    async definitionsOf(names: string[]) {
      const wanted = new Set(names);
      return new Map((await definitions()).filter((d) => wanted.has(d.name)).map((d) => [d.name, d]));
    },
    announce: (content) => app.chatHub.broadcast({ event: 'screen.published', content }),
  });
  void app.register(menuRoutes, { db, resourceCodes: async () => permissionCodesOf(await definitions()) });
  void app.register(uploads, { dataDir: config.dataDir });
  void app.register(spa, { staticDir: config.staticDir });
  await app.after();
  return app;
}
