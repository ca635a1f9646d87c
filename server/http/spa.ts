import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './envelope';
import { CHAT_API_PATH } from '../../src/contract/chat';

/** Paths the SPA never owns: an unknown one of these is a 404 in the envelope, not index.html. */
const SERVER_PATHS = /^\/(api|expireToken|refreshToken|uploads)(\/|$)/;
const isServerPath = (pathname: string) => SERVER_PATHS.test(pathname) || CHAT_API_PATH.test(pathname);

/**
 * Serves the built front end: hashed assets cached for a year, index.html never cached, and any
 * other GET that asks for a page answered with index.html (history-mode routing).
 */
export const spa = fp(async function spa(app: FastifyInstance, { staticDir }: { staticDir: string }) {
  const index = path.join(staticDir, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      setHeaders(reply, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    const wantsPage =
      built &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(pathname) &&
      // A missing asset (it has an extension) is a 404, not the app shell.
      !path.extname(pathname);
    if (!wantsPage) return sendNotFound(request, reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
