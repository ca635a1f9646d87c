import fs from 'node:fs';
import path from 'node:path';
import { spawnServer, type SpawnedServer } from './spawn-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The compiled server, as `npm start` runs it. */
export const E2E_SERVER_SCRIPT = 'dist-server/main.js';
const BUILT = ['dist/index.html', E2E_SERVER_SCRIPT];

/** The built console served by the compiled server on a fresh database, as `npm start` runs it. */
export async function startE2eServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const missing = BUILT.filter((file) => !fs.existsSync(path.join(ROOT, file)));
  if (missing.length) throw new Error(`No build (${missing.join(', ')}): run "npm run build" before the end-to-end tests.`);
  return spawnServer(env, E2E_SERVER_SCRIPT);
}

export async function stopE2eServer(server: SpawnedServer | undefined): Promise<void> {
  if (!server) return;
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
