import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/**
 * The real server on a free port and a fresh data folder: its sources (server/main.ts, through tsx),
 * the compiled server as `npm start` runs it (a .js script, run by Node as it is), or another script
 * that announces "running: <url>" the same way (a benchmark's instrumented server).
 */
export async function spawnServer(env: Record<string, string> = {}, script = 'server/main.ts'): Promise<SpawnedServer> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'console-proc-'));
  const args = script.endsWith('.js') ? [script] : ['--import', 'tsx', script];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = /running: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`server exited:\n${output}`)));
  });
  return {
    url,
    child,
    dataDir,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
