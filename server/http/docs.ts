import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const DOCS_PREFIX = '/api/docs';

/** The OpenAPI 3 document built from every route's schemas, and a browsable page at /api/docs. */
export const apiDocs = fp(async function apiDocs(app: FastifyInstance, { version }: { version: string }) {
  await app.register(swagger, {
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
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true } });
}, { name: 'api-docs' });
