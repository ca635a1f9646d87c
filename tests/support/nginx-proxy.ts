import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { nginxSite, standaloneNginxConfig } from '../../scripts/nginx-config';

/** Debian's nginx, or the one NGINX_PATH names. */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface RunningProxy {
  url: string;
  config: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** nginx in front of these processes with the site of docs/deploy.md, naming the answering process in X-Upstream. */
export async function startNginx(upstreamUrls: readonly string[]): Promise<RunningProxy> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'console-nginx-'));
  const port = await freePort();
  const site = nginxSite({ listen: `127.0.0.1:${port}`, upstreams: upstreamUrls.map((u) => new URL(u).host), revealUpstream: true });
  const config = standaloneNginxConfig(folder, site);
  fs.writeFileSync(path.join(folder, 'nginx.conf'), config);
  const child = spawn(NGINX_PATH, ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', path.join(folder, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  for (const started = Date.now(); !(await listening(port)); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (child.exitCode !== null || Date.now() - started > 10_000) {
      const log = fs.existsSync(path.join(folder, 'error.log')) ? fs.readFileSync(path.join(folder, 'error.log'), 'utf8') : '';
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${output}${log}\n${config}`);
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
