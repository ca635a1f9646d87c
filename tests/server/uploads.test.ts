import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { UPLOAD_MAX_BYTES, type UploadData } from '../../src/contract/upload';
import { cleanFileName } from '../../server/http/upload-routes';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

describe.each(DIALECTS)('uploads of resource images and files on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = (await loginAs(server, 'seller', 'seller123')).token;
  });
  afterAll(() => server.close());

  const upload = async (content: Buffer | string, filename: string, options: { kind?: string; field?: string; token?: string | null; lang?: string } = {}) => {
    const form = new FormData();
    form.append(options.field ?? 'file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
    const bearer = options.token === undefined ? token : options.token;
    const response = await fetch(`${server.url}/api/uploads${options.kind ? `?kind=${options.kind}` : ''}`, {
      method: 'POST',
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(options.lang ? { 'accept-language': options.lang } : {}) },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: UploadData } };
  };

  it('stores an image recognised by its content under a random name and serves it with its type', async () => {
    const res = await upload(PNG, 'logo.jpg', { kind: 'image' });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'logo.png', size: PNG.length, type: 'image/png' });
    expect(res.body.data.url).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.png$/);
    const served = await fetch(`${server.url}${res.body.data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses as an image anything that is not one, whatever its name says', async () => {
    const res = await upload('<svg onload="alert(1)"/>', 'pic.png', { kind: 'image' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('只能上传 PNG、JPEG、GIF 或 WebP 图片');
  });

  it('stores an accepted file under its cleaned name and serves it back', async () => {
    const res = await upload(PDF, '../../合同 2026#1.pdf');
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ name: '合同 2026_1.pdf', size: PDF.length, type: 'application/pdf' });
    expect(res.body.data.url).toMatch(/^\/uploads\/files\/[0-9a-f]{32}\/.+\.pdf$/);
    expect(decodeURIComponent(res.body.data.url.split('/').pop()!)).toBe('合同 2026_1.pdf');
    const stored = path.join(server.config.dataDir, 'uploads', ...res.body.data.url.split('/').slice(2).map(decodeURIComponent));
    expect(fs.readFileSync(stored).equals(PDF)).toBe(true);
    const served = await fetch(`${server.url}${res.body.data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
  });

  it('refuses file types outside the allow-list (pages and scripts above all), in Chinese and English', async () => {
    for (const name of ['page.html', 'vector.svg', 'run.js', 'noextension']) {
      const res = await upload('<script>alert(1)</script>', name);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/^不支持该文件类型，可上传：pdf, doc/);
    }
    const english = await upload('x', 'page.html', { lang: 'en' });
    expect(english.body.msg).toMatch(/^This file type is not accepted; allowed: pdf/);
  });

  it('refuses a file named as an image that is not one', async () => {
    const res = await upload('not really', 'photo.jpeg');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('只能上传 PNG、JPEG、GIF 或 WebP 图片');
    expect((await upload(JPEG, 'photo.jpeg')).body.data).toMatchObject({ name: 'photo.jpeg', type: 'image/jpeg' });
  });

  it('refuses a file over the size limit with 413, an empty file, another field and a JSON body with 400', async () => {
    const large = await upload(Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1), 'big.pdf');
    expect(large.status).toBe(413);
    expect(large.body.msg).toBe('文件不能超过 10 MB');
    expect((await upload('', 'empty.pdf')).body.msg).toBe('请选择要上传的文件');
    expect((await upload(PDF, 'a.pdf', { field: 'attachment' })).body.msg).toBe('请选择要上传的文件');
    const json = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { msg: string }).msg).toBe('请选择要上传的文件');
  });

  it('refuses an unknown kind and a caller without a login', async () => {
    const kind = await upload(PNG, 'a.png', { kind: 'video' });
    expect(kind.status).toBe(400);
    expect(kind.body.msg).toMatch(/^请求参数有误/);
    expect((await upload(PNG, 'a.png', { token: null })).status).toBe(401);
  });
});

describe('cleanFileName', () => {
  it('keeps the last path part, replaces unsafe characters, keeps the extension and the length in bounds', () => {
    expect(cleanFileName('C:\\Users\\me\\报价单.xlsx', 'xlsx')).toBe('报价单.xlsx');
    expect(cleanFileName('a<b>c?.pdf', 'pdf')).toBe('a_b_c_.pdf');
    expect(cleanFileName('...', 'pdf')).toBe('file.pdf');
    expect(cleanFileName('x'.repeat(300) + '.pdf', 'pdf')).toBe('x'.repeat(96) + '.pdf');
    expect(cleanFileName('image', 'png')).toBe('image.png');
  });
});
