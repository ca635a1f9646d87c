import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bundleServer, SERVER_ENTRY } from '../../scripts/build-server';
import { LOGIN_SCHEMA } from '../../server/auth/routes';
import { routeCodeKey } from '../../server/http/route-code';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/**
 * The server as `npm start` runs it: compiled to one bundle, started from its code cache. Parts a
 * restart does not need before its first login are loaded at their first request (the API docs,
 * the upload parser, the file sender, the chat socket's server);
 * in the bundle that load is a require of code compiled in, which only the compiled server can
 * show to work. Each is asked for right after the first start and again after a restart.
 */
describe('built server', () => {
  // Inside the repository, as dist-server is: the bundle finds the packages it leaves out there.
  const outDir = path.join(ROOT, 'dist-server', `test-${process.pid}`);
  const script = path.join(outDir, 'main.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-server-'));
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-static-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    await bundleServer(SERVER_ENTRY, script);
  }, 120_000);
  afterAll(() => {
    for (const dir of [outDir, dataDir, staticDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is ASCII, so its loader reads it as Latin-1, and its non-ASCII text is escaped', () => {
    const bundle = fs.readFileSync(script.replace(/\.js$/, '.cjs'));
    expect(bundle.findIndex((byte) => byte > 0x7f)).toBe(-1);
    // Reconciliation's header rule: a regular expression esbuild would have left as it was written.
    expect(bundle.toString('latin1')).toContain('/\\u5e10/g');
  });

  it("holds the login's validator and serializers compiled at build time", async () => {
    const bundle = fs.readFileSync(script.replace(/\.js$/, '.cjs'), 'latin1');
    const keys = [routeCodeKey('validator', LOGIN_SCHEMA.body), ...Object.values(LOGIN_SCHEMA.response as object).map((r) => routeCodeKey('serializer', r))];
    for (const key of keys) expect(bundle).toContain(key);
  });

  async function firstRequests(server: SpawnedServer) {
    // A body the login's validator refuses, answered by its refusal's serializer.
    const refused = await fetch(`${server.url}/api/public/login-do`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123', extra: 1 }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 400, data: null });

    const login = await fetch(`${server.url}/api/public/login-do`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const { code, data } = (await login.json()) as { code: number; data: { token: string } };
    expect(code).toBe(200);

    // A record's values checked against its resource's schema (ajv, loaded at the first check).
    const refusedValues = await fetch(`${server.url}/api/resources/goods/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
      body: JSON.stringify({ values: { sku: 'B-1', name: 'x', price_fen: 'abc' } }),
    });
    expect(await refusedValues.json()).toEqual({ code: 400, msg: '售价：应当是 integer 类型', data: null });

    // An upload (busboy, loaded at the first multipart body; its query checked by the route's ajv
    // validator, compiled at its first request) and the file sent back (@fastify/send).
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'logo.png');
    const uploaded = await fetch(`${server.url}/api/uploads?kind=image`, { method: 'POST', headers: { authorization: `Bearer ${data.token}` }, body: form });
    const { data: stored } = (await uploaded.json()) as { data: { url: string } };
    const served = await fetch(`${server.url}${stored.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // A chat socket (ws, loaded at the first upgrade): its welcome, and a pong for a ping.
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/chat/ws?token=${data.token}`);
    const events = new Promise<string[]>((resolve, reject) => {
      const seen: string[] = [];
      socket.on('message', (raw) => {
        seen.push((JSON.parse(String(raw)) as { event: string }).event);
        if (seen.length === 1) socket.send(JSON.stringify({ event: 'ping', content: {} }));
        if (seen.includes('pong')) resolve(seen);
      });
      socket.on('error', reject);
    });
    expect(await events).toEqual(['connect', 'pong']);
    socket.close();

    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toContain('/api/public/login-do');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
    const yaml = await fetch(`${server.url}/api/docs/yaml`);
    expect(yaml.headers.get('content-type')).toContain('application/x-yaml');
    expect(await yaml.text()).toContain('/api/public/login-do:');

    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(await page.text()).toContain('swagger');
    const css = await fetch(`${server.url}/api/docs/static/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    const head = await fetch(`${server.url}/api/docs/static/swagger-initializer.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    const missing = await fetch(`${server.url}/api/docs/static/nothing.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 404, data: null });

    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
    const shell = await fetch(`${server.url}/some/page`);
    expect(await shell.text()).toContain('<title>console</title>');
  }

  it('serves its lazily loaded parts on a first start, a restart and a restart from the code cache', async () => {
    const env = { DATA_DIR: dataDir, STATIC_DIR: staticDir };
    const cache = path.join(outDir, 'main.cjs.cache');
    for (const start of ['first', 'restart', 'restart from the cache']) {
      const server = await spawnServer(env, script);
      try {
        await firstRequests(server);
      } catch (error) {
        throw new Error(`${start} start: ${String(error)}\n${server.output()}`, { cause: error });
      } finally {
        await server.stop();
      }
      // The first start migrates and seeds, code later starts never run: the next start writes the cache.
      if (start === 'first') expect(fs.existsSync(cache)).toBe(false);
      if (start === 'restart') expect(fs.existsSync(cache)).toBe(true);
    }
  }, 120_000);
});
