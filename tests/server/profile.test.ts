import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { AvatarData, ProfileData } from '../../src/contract/api/account';
import type { IndexInitData } from '../../src/contract/api/auth';

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.each(DIALECTS)('profile and avatar on %s', (dialect) => {
  let server: TestServer;
  let staticDir: string;
  let token: string;
  beforeAll(async () => {
    // A built console, so the history fallback is live and /uploads must still stay out of it.
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    server = await startTestServer(dialect, { env: { STATIC_DIR: staticDir } });
    token = (await loginAs(server, 'seller', 'seller123')).token;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const upload = async (content: Buffer | string, filename: string, options: { field?: string; token?: string | null; lang?: string } = {}) => {
    const form = new FormData();
    form.append(options.field ?? 'file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
    const bearer = options.token === undefined ? token : options.token;
    const response = await fetch(`${server.url}/api/index/avatar`, {
      method: 'POST',
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(options.lang ? { 'accept-language': options.lang } : {}) },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: AvatarData } };
  };
  const storedFile = (logo: string) => path.join(server.config.dataDir, ...logo.split('/'));
  const logActions = async () =>
    (await server.database.db.selectFrom('system_logs').select('action').where('username', '=', 'seller').execute()).map((r) => r.action);

  /** GET with the path sent exactly as written: fetch would resolve the dot segments itself. */
  const rawGet = (pathname: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(server.url);
      http
        .get({ hostname, port, path: pathname }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });

  describe('profile', () => {
    it("gives the seller's profile with team, roles, department and contact details", async () => {
      const db = server.database.db;
      const department = await db.selectFrom('departments').select('id').where('name', '=', '采购一部').executeTakeFirstOrThrow();
      await db.updateTable('users').set({ department_id: department.id }).where('username', '=', 'seller').execute();
      const res = await call<ProfileData>(server, '/api/index/profile', { token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        username: 'seller',
        name: '王小美',
        logo: '/avatar.svg',
        mobile: expect.stringMatching(/^1\d{10}$/),
        email: 'seller@example.com',
        team: { name: '华南采购一部', type: 1 },
        role: ['seller'],
        role_name: ['询价员'],
        department: '采购一部',
      });
      expect(res.body.data.created_at).toBeGreaterThan(0);
    });

    it('refuses a caller without a login', async () => {
      expect((await call(server, '/api/index/profile')).status).toBe(401);
    });

    it('updates the name (trimmed) and the email, clears the email with an empty one, and logs it', async () => {
      const res = await call<ProfileData>(server, '/api/index/profile/update', { token, body: { name: '  王美美 ', email: 'mm@shop.example' } });
      expect(res.body.code).toBe(200);
      expect(res.body.data).toMatchObject({ name: '王美美', email: 'mm@shop.example', username: 'seller' });
      const kept = await call<ProfileData>(server, '/api/index/profile/update', { token, body: { name: '王美美' } });
      expect(kept.body.data.email).toBe('mm@shop.example');
      const cleared = await call<ProfileData>(server, '/api/index/profile/update', { token, body: { name: '王美美', email: '' } });
      expect(cleared.body.data.email).toBeNull();
      expect((await call<ProfileData>(server, '/api/index/profile', { token })).body.data.name).toBe('王美美');
      expect(await logActions()).toContain('update-profile');
    });

    it('refuses a bad email, a blank name and a name over 32 characters', async () => {
      const email = await call(server, '/api/index/profile/update', { token, body: { name: '王美美', email: 'not-an-email' } });
      expect(email.status).toBe(400);
      expect(email.body.msg).toContain('请输入正确的邮箱地址');
      const blank = await call(server, '/api/index/profile/update', { token, body: { name: '   ' } });
      expect(blank.body).toMatchObject({ code: 400, msg: '姓名不能为空' });
      const long = await call(server, '/api/index/profile/update', { token, body: { name: 'x'.repeat(33) } });
      expect(long.status).toBe(400);
      expect(long.body.msg).toContain('body.name');
    });
  });

  describe('avatar', () => {
    it('stores a PNG, serves it as an image with long caching, and shows it in index-init', async () => {
      const res = await upload(PNG, 'me.png');
      expect(res.body.code).toBe(200);
      const { logo } = res.body.data;
      expect(logo).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
      expect(fs.existsSync(storedFile(logo))).toBe(true);

      const image = await fetch(server.url + logo);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toContain('immutable');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

      const init = await call<IndexInitData>(server, '/api/index/index-init', { token });
      expect(init.body.data.user_info.logo).toBe(logo);
      expect(await logActions()).toContain('update-avatar');
    });

    it('deletes the previous uploaded avatar when a new one replaces it', async () => {
      const first = (await upload(PNG, 'a.png')).body.data.logo;
      const second = (await upload(PNG, 'b.png')).body.data.logo;
      expect(second).not.toBe(first);
      expect(fs.existsSync(storedFile(first))).toBe(false);
      expect(fs.existsSync(storedFile(second))).toBe(true);
      expect((await fetch(server.url + first)).status).toBe(404);
      expect((await call<ProfileData>(server, '/api/index/profile', { token })).body.data.logo).toBe(second);
    });

    it('refuses a file that is not an image, whatever its name says', async () => {
      const res = await upload('just some text', 'x.png');
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('只能上传 PNG、JPEG、GIF 或 WebP 图片');
      const en = await upload('<svg xmlns="http://www.w3.org/2000/svg"/>', 'x.svg', { lang: 'en' });
      expect(en.body.msg).toBe('Only PNG, JPEG, GIF or WebP images can be uploaded');
    });

    it('refuses an image over 2 MiB with 413', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
      const res = await upload(big, 'big.png');
      expect(res.status).toBe(413);
      expect(res.body.msg).toBe('图片不能超过 2 MB');
    });

    it('asks for the file when the form has none under `file`, or is not a form', async () => {
      expect((await upload(PNG, 'me.png', { field: 'avatar' })).body).toMatchObject({ code: 400, msg: '请选择要上传的图片' });
      expect((await call(server, '/api/index/avatar', { token, body: {} })).body).toMatchObject({ code: 400, msg: '请选择要上传的图片' });
    });

    it('refuses an upload without a login', async () => {
      const res = await upload(PNG, 'me.png', { token: null });
      expect(res.status).toBe(401);
    });
  });

  describe('/uploads', () => {
    it('answers a missing upload with a 404, not the console page', async () => {
      for (const route of ['/uploads/avatars/0123456789abcdef0123456789abcdef.png', '/uploads/x', '/uploads']) {
        const res = await fetch(server.url + route);
        expect(res.status, route).toBe(404);
        expect(res.headers.get('content-type'), route).toContain('application/json');
      }
    });

    it('lists no folder and serves no file outside the uploads folder', async () => {
      fs.writeFileSync(path.join(server.config.dataDir, 'secret.txt'), 'top secret');
      for (const route of [
        '/uploads/',
        '/uploads/avatars/',
        '/uploads/../secret.txt',
        '/uploads/%2e%2e/secret.txt',
        '/uploads/..%2fsecret.txt',
        '/uploads/avatars/..%2f..%2fsecret.txt',
        '/uploads/..%5csecret.txt',
      ]) {
        const res = await rawGet(route);
        expect([403, 404], route).toContain(res.status);
        expect(res.body, route).not.toContain('top secret');
      }
    });
  });
});
