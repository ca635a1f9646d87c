import fp from 'fastify-plugin';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './envelope';
import { CHAT_API_PATH } from '../../src/contract/chat';

/** Paths the SPA never owns: an unknown one of these is a 404 in the envelope, not index.html. */
const SERVER_PATHS = /^\/(api|expireToken|refreshToken|uploads)(\/|$)/;
const isServerPath = (pathname: string) => SERVER_PATHS.test(pathname) || CHAT_API_PATH.test(pathname);

/**
 * The built files by the path a browser asks for them (`/assets/index-abc.js`, percent-encoded as
 * a URL spells it), dot files left out as @fastify/static leaves them out. Only these are ever
 * sent, so no request path reaches the disk unless it names one.
 */
function builtFiles(staticDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(staticDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(staticDir, path.join(entry.parentPath, entry.name)).split(path.sep);
    if (relative.some((part) => part.startsWith('.'))) continue;
    files.set(`/${relative.map(encodeURIComponent).join('/')}`, relative.join('/'));
  }
  return files;
}

/**
 * Serves the built front end: hashed assets cached for a year, index.html never cached, and any
 * other GET that asks for a page answered with index.html (history-mode routing).
 *
 * Built files are not routes: @fastify/static's one route per file (GET and HEAD for each of ~500
 * files and their source maps) was half of a restart's CPU time before its first login. A GET no
 * route answers looks its path up in the folder's listing, read at the first such request.
 */
export const spa = fp(async function spa(app: FastifyInstance, { staticDir }: { staticDir: string }) {
  const index = path.join(staticDir, 'index.html');
  const built = existsSync(index);
  let files: Map<string, string> | undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      serve: false,
      index: false,
      setHeaders(reply, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    const readable = built && (request.method === 'GET' || request.method === 'HEAD');
    if (!readable) return sendNotFound(request, reply);
    const file = (files ??= builtFiles(staticDir)).get(pathname);
    if (file !== undefined) return reply.sendFile(file);
    // A missing asset (it has an extension) is a 404, not the app shell.
    const wantsPage = !isServerPath(pathname) && !path.extname(pathname);
    if (!wantsPage) return sendNotFound(request, reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}, { name: 'spa' });
