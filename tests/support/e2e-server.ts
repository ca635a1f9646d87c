import fs from 'node:fs';
import path from 'node:path';
import { spawnServer, type SpawnedServer } from './spawn-server';

/** The built console served by the real server on a fresh database, as a user runs it. */
export async function startE2eServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const index = path.resolve(import.meta.dirname, '../../dist/index.html');
  if (!fs.existsSync(index)) throw new Error('No front-end build: run "npm run build" before the end-to-end tests.');
  return spawnServer(env);
}

export async function stopE2eServer(server: SpawnedServer | undefined): Promise<void> {
  if (!server) return;
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
