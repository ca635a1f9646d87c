import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, startTestServer, type TestServer } from '../support/server-harness';

describe.each(DIALECTS)('HTTP contract on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { BODY_LIMIT: '2048' },
      beforeListen: (app) => {
        app.post('/api/test/boom', { config: { access: 'public' } }, async () => {
          throw new Error('secret internal detail');
        });
      },
    });
  });
  afterAll(() => server.close());

  it('answers an unknown /api path with 404 in the envelope', async () => {
    const res = await call(server, '/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg: '资源不存在', data: null });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await call(server, '/api/public/login-do', { body: '{"username": ' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe('请求体不是合法的 JSON');
  });

  it('names the offending field when a body fails its schema', async () => {
    const missing = await call(server, '/api/public/login-do', { body: { username: 'admin' } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('body.password');
    const wrongType = await call(server, '/api/public/login-do', { body: { username: 5, password: 'x' } });
    expect(wrongType.body.msg).toContain('body.username');
    const extra = await call(server, '/api/public/login-do', { body: { username: 'a', password: 'b', admin: true } });
    expect(extra.body.msg).toContain('body.admin');
  });

  it('speaks English to a caller who asks for it', async () => {
    const res = await call(server, '/api/nothing', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.body.msg).toBe('Resource does not exist');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await call(server, '/api/public/login-do', { body: { username: 'x'.repeat(4000), password: 'y' } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(413);
  });

  it('answers an unexpected failure with 500 and a request id, never the stack', async () => {
    const res = await call(server, '/api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toMatch(/请求编号 [0-9a-f-]{36}/);
    expect(JSON.stringify(res.body)).not.toContain('secret internal detail');
    expect(JSON.stringify(res.body)).not.toContain('at ');
  });

  it('sends the security headers on every answer', async () => {
    for (const route of ['/api/nothing', '/api/docs/json']) {
      const res = await fetch(server.url + route);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('publishes every API route in the OpenAPI document and a browsable page', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    const routes = server.app.routeTable
      .filter((r) => r.access && r.url !== '/chat/ws' && r.method !== 'HEAD' && !r.url.startsWith('/api/test/'))
      // OpenAPI writes a path parameter :name as {name}.
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) expect(documented).toContain(route);
    const page = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });

  it('declares the access of every API route', () => {
    const guarded = server.app.routeTable.filter((r) => /^\/(api|chat|expireToken|refreshToken)/.test(r.url) && !r.url.startsWith('/api/docs'));
    expect(guarded.length).toBeGreaterThan(3);
    for (const route of guarded) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });
});

describe('serving the built console', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'console-static-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.mkdirSync(path.join(staticDir, 'demo', 'goods'), { recursive: true });
    fs.writeFileSync(path.join(staticDir, 'demo', 'goods', 'cup.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(staticDir, '.secret.json'), '{}');
    server = await startTestServer('sqlite', { env: { STATIC_DIR: staticDir } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers any page path with index.html (history routing)', async () => {
    for (const route of ['/', '/login', '/goods/list?page=2', '/bill/core/ImportSend', '/chat/assistant', '/chat/speech']) {
      const res = await fetch(server.url + route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets for a year and 404s a missing one', async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${server.url}/assets/gone-123.js`);
    expect(missing.status).toBe(404);
  });

  it('serves every built file without a route of its own (GET and HEAD), and nothing outside the build', async () => {
    // A route per file was half of a restart's CPU time before its first login.
    expect(server.app.routeTable.filter((route) => /\.(js|html|svg)$/.test(route.url))).toEqual([]);
    const nested = await fetch(`${server.url}/demo/goods/cup.svg`);
    expect(nested.status).toBe(200);
    expect(nested.headers.get('content-type')).toContain('image/svg+xml');
    expect(nested.headers.get('cache-control')).toBe('no-cache');
    const head = await fetch(`${server.url}/assets/app-abc123.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('14');
    expect(await head.text()).toBe('');
    for (const route of ['/.secret.json', '/assets/..%2findex.html', '/assets/%2e%2e/.secret.json', '/assets/app-abc123.js/']) {
      const res = await fetch(server.url + route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type'), route).toContain('application/json');
    }
    const post = await fetch(`${server.url}/assets/app-abc123.js`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('never answers an API path with the page', async () => {
    for (const route of ['/api/unknown', '/chat/talk/unknown', '/chat/group/unknown', '/uploads/gone.png']) {
      const res = await fetch(server.url + route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type'), route).toContain('application/json');
    }
  });
});
