import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { SwaggerOptions } from '@fastify/swagger';

export const DOCS_PREFIX = '/api/docs';

type Swagger = FastifyInstance['swagger'];
type Hook = (...args: unknown[]) => unknown;

/**
 * @fastify/swagger, run against a stand-in of the app when the document is first asked for: it
 * hears the routes and plugin contexts the app recorded since start, as it would have heard them
 * as a plugin, and its document is the one it would have built. Loading it and its OpenAPI writer
 * at every start cost a restart several milliseconds for a page most starts never serve.
 */
async function deferredSwagger(app: FastifyInstance, options: SwaggerOptions, routes: RouteOptions[], contexts: FastifyInstance[]): Promise<Swagger> {
  const { default: swagger } = await import('@fastify/swagger');
  const hooks = new Map<string, Hook[]>();
  let decorated: Swagger | undefined;
  const standIn = {
    addHook(name: string, hook: Hook) {
      hooks.set(name, [...(hooks.get(name) ?? []), hook]);
    },
    decorate(name: string, value: Swagger) {
      if (name === 'swagger') decorated = value;
    },
    getSchemas: () => app.getSchemas(),
  };
  await new Promise<void>((resolve, reject) => {
    void (swagger as unknown as (instance: unknown, opts: SwaggerOptions, done: (error?: Error) => void) => void)(standIn, { ...options }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
  const run = (name: string, ...args: unknown[]) => Promise.all((hooks.get(name) ?? []).map((hook) => hook(...args)));
  for (const context of contexts) await run('onRegister', context);
  for (const route of routes) await run('onRoute', route);
  await Promise.all((hooks.get('onReady') ?? []).map((hook) => new Promise((resolve) => hook(resolve))));
  if (!decorated) throw new Error('@fastify/swagger did not give its document function');
  return decorated;
}

/**
 * The browsable page's files (swagger-ui), served by @fastify/swagger-ui in a Fastify instance of
 * its own, built at the first page request and asked through inject: the console's hooks (security
 * headers, request log) still wrap every answer, and one it does not know is the console's 404.
 */
async function pageServer(swagger: Swagger): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swaggerUi }] = await Promise.all([import('fastify'), import('@fastify/swagger-ui')]);
  const page = Fastify();
  // swagger-ui asks for @fastify/swagger by its plugin name; its document is the console's.
  await page.register(fp(async (instance: FastifyInstance) => void instance.decorate('swagger', swagger), { name: '@fastify/swagger' }));
  await page.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true } });
  await page.ready();
  return page;
}

/** Headers the console's own reply writes for the copied body. */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'date', 'keep-alive']);

/** The OpenAPI 3 document built from every route's schemas, and a browsable page at /api/docs. */
export const apiDocs = fp(async function apiDocs(app: FastifyInstance, { version }: { version: string }) {
  const options: SwaggerOptions = {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Shop console API',
        description: 'Every answer is `{code, msg, data}`; code 200 is success (spec §7, §8).',
        version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
  };
  // What @fastify/swagger listens to as a plugin, kept until it is loaded.
  const routes: RouteOptions[] = [];
  const contexts: FastifyInstance[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onRegister', (context) => void contexts.push(context));
  let swagger: Promise<Swagger> | undefined;
  let page: Promise<FastifyInstance> | undefined;
  const documentOf = () => (swagger ??= deferredSwagger(app, options, routes, contexts));

  // Pages and files a browser may ask for with HEAD too (the app turns HEAD twins off: app.ts).
  const hidden = { schema: { hide: true }, exposeHeadRoute: true };
  app.get(`${DOCS_PREFIX}/json`, hidden, async () => (await documentOf())());
  app.get(`${DOCS_PREFIX}/yaml`, hidden, async (_request, reply) => reply.type('application/x-yaml').send((await documentOf())({ yaml: true })));

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    page ??= documentOf().then(pageServer);
    // Asked as a GET: a HEAD here is Fastify's own HEAD route, which drops the body it is given.
    const answer = await (await page).inject({ method: 'GET', url: request.url, headers: request.headers });
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !OWN_HEADERS.has(name)) void reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload.length > 0 ? answer.rawPayload : undefined);
  }
  app.get(DOCS_PREFIX, hidden, servePage);
  app.get(`${DOCS_PREFIX}/*`, hidden, servePage);
}, { name: 'api-docs' });
