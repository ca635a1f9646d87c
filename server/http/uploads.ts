import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const UPLOADS_PREFIX = '/uploads/';

export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Serves what users uploaded, read-only, from <DATA_DIR>/uploads. A missing file falls through to
 * the not-found handler (a 404 in the envelope); paths that climb out of the folder are refused.
 */
export const uploads = fp(async function uploads(app: FastifyInstance, { dataDir }: { dataDir: string }) {
  const root = uploadsRoot(dataDir);
  // @fastify/static only warns about a missing root; creating it keeps a fresh install quiet.
  await fs.mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_PREFIX,
    // The console's own static serving owns reply.sendFile.
    decorateReply: false,
    index: false,
    // Stored names are random and never reused, so the bytes behind a URL never change.
    maxAge: '365d',
    immutable: true,
  });
}, { name: 'uploads' });
