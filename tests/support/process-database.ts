import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresSchema, type DialectUnderTest } from './server-harness';

/** The environment that points server processes at one fresh database they share, and its removal. */
export async function processDatabase(dialect: DialectUnderTest): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const schema = await postgresSchema();
    return { env: { DATABASE_URL: schema.url, DEMO_SEED: 'on' }, drop: schema.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-shared-'));
  return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
