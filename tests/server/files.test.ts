/**
 * 文件管理 over the real server: two asking teams' sellers and the administrator upload, list,
 * rename, move, download and delete; another team's files answer 404 whatever the route; bad names,
 * duplicates, oversized and malformed uploads are refused in Chinese, nothing lost; the demo teams
 * open on their folders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, demoTokens, startTestServer, type TestServer } from '../support/server-harness';
import { productShot } from '../../server/db/seed/png';
import { FILES_MAX_BYTES, type FileRow, type FilesListing, type FolderChoices, type FolderRow } from '../../src/contract/api/files';

describe.each(DIALECTS)('文件管理 on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<'seller' | 'zhaolei' | 'sunli' | 'admin' | 'qianwei', string> = { seller: '', zhaolei: '', sunli: '', admin: '', qianwei: '' };

  const list = (token: string, query: Record<string, string> = {}) => call<FilesListing>(server, `/api/files?${new URLSearchParams(query)}`, { method: 'GET', token });
  const newFolder = (token: string, name: string, parent_id: number | null = null, extra: Record<string, unknown> = {}) =>
    call<FolderRow>(server, '/api/files/folders', { token, body: { parent_id, name, ...extra } });
  async function upload(token: string, name: string, bytes: Buffer | string, query: Record<string, string> = {}) {
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/api/files/upload?${new URLSearchParams(query)}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: FileRow } };
  }
  const download = (token: string, id: number) => fetch(`${server.url}/api/files/${id}/download`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    Object.assign(tokens, await demoTokens(server, ['seller', 'zhaolei', 'sunli', 'admin', 'qianwei']));
  });
  afterAll(() => server.close());

  it('opens every demo team on its folders of real files, and its usage', async () => {
    for (const user of ['seller', 'sunli'] as const) {
      const top = (await list(tokens[user])).body.data;
      expect(top.folders.map((f) => f.name)).toEqual(expect.arrayContaining(['商品主图', '对账单', '合同', '营销素材']));
      expect(top.usage.files).toBeGreaterThan(10);
      expect(top.teams).toEqual([]);
      const pictures = top.folders.find((f) => f.name === '商品主图')!;
      const inside = (await list(tokens[user], { folder_id: String(pictures.id) })).body.data;
      expect(inside.path).toEqual([{ id: pictures.id, name: '商品主图' }]);
      expect(pictures.file_count).toBe(inside.files.length + inside.folders.reduce((sum, f) => sum + f.file_count, 0));
      const picture = inside.files[0];
      const answer = await download(tokens[user], picture.id);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await answer.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    }
    const bills = (await list(tokens.seller, { keyword: '动账明细' })).body.data;
    expect(bills.folders).toEqual([]);
    expect(bills.files.length).toBeGreaterThan(0);
    expect(bills.files.every((f) => f.folder_name === '对账单' && f.kind === 'sheet')).toBe(true);
    const csv = await (await download(tokens.seller, bills.files[0].id)).text();
    expect(csv).toContain('动账流水号');
  });

  it('lets a seller upload into a new folder, rename, move, download and delete, while another team sees none of it', async () => {
    const folder = (await newFolder(tokens.seller, '测试资料')).body.data;
    expect(folder).toMatchObject({ name: '测试资料', parent_id: null, file_count: 0 });
    const sub = (await newFolder(tokens.seller, '归档', folder.id)).body.data;

    const uploaded = await upload(tokens.seller, '报价说明.txt', '第一行\n第二行\n', { folder_id: String(folder.id) });
    expect(uploaded.body.code).toBe(200);
    const file = uploaded.body.data;
    expect(file).toMatchObject({ name: '报价说明.txt', kind: 'doc', size: Buffer.byteLength('第一行\n第二行\n'), uploaded_by: '王小美', folder_id: folder.id });

    // A teammate sees and downloads it, named in UTF-8.
    const got = await download(tokens.zhaolei, file.id);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="____.txt"; filename*=UTF-8''${encodeURIComponent('报价说明.txt')}`);
    expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await got.text()).toBe('第一行\n第二行\n');

    const renamed = await call<FileRow>(server, `/api/files/${file.id}`, { method: 'PUT', token: tokens.zhaolei, body: { name: '报价说明-定稿.txt' } });
    expect(renamed.body.data.name).toBe('报价说明-定稿.txt');
    const moved = await call<FileRow>(server, `/api/files/${file.id}`, { method: 'PUT', token: tokens.seller, body: { folder_id: sub.id } });
    expect(moved.body.data).toMatchObject({ folder_id: sub.id, folder_name: '归档' });
    expect((await list(tokens.seller, { folder_id: String(folder.id) })).body.data.folders[0]).toMatchObject({ name: '归档', file_count: 1 });
    const choices = (await call<FolderChoices>(server, '/api/files/folders', { method: 'GET', token: tokens.seller })).body.data.rows;
    expect(choices).toContainEqual({ id: sub.id, parent_id: folder.id, name: '归档' });

    // Another team: every route answers 404, its own listing holds none of it.
    const foreign = tokens.sunli;
    expect((await list(foreign, { folder_id: String(folder.id) })).status).toBe(404);
    expect((await download(foreign, file.id)).status).toBe(404);
    expect((await call(server, `/api/files/${file.id}`, { method: 'PUT', token: foreign, body: { name: 'x.txt' } })).status).toBe(404);
    expect((await call(server, `/api/files/${file.id}`, { method: 'DELETE', token: foreign })).status).toBe(404);
    expect((await call(server, `/api/files/folders/${folder.id}`, { method: 'PUT', token: foreign, body: { name: '我的' } })).status).toBe(404);
    expect((await call(server, `/api/files/folders/${folder.id}`, { method: 'DELETE', token: foreign })).status).toBe(404);
    expect((await upload(foreign, 'a.txt', 'a', { folder_id: String(folder.id) })).status).toBe(404);
    expect((await newFolder(foreign, '子', folder.id)).status).toBe(404);
    const sellerTeam = (await list(tokens.seller)).body.data.team_id!;
    expect((await list(foreign, { team_id: String(sellerTeam) })).status).toBe(404);
    expect((await list(foreign, { keyword: '报价说明' })).body.data.files).toEqual([]);
    // Nor can it move its own file into the other team's folder.
    const own = (await upload(foreign, '孙丽的清单.txt', '清单')).body.data;
    expect((await call(server, `/api/files/${own.id}`, { method: 'PUT', token: foreign, body: { folder_id: folder.id } })).status).toBe(404);

    // The administrator sees every team's, and this team's with the filter.
    const all = (await list(tokens.admin)).body.data;
    expect(all.team_id).toBeNull();
    expect(all.teams.length).toBeGreaterThan(2);
    expect(new Set(all.folders.map((f) => f.team_id)).size).toBeGreaterThan(1);
    const one = (await list(tokens.admin, { team_id: String(sellerTeam) })).body.data;
    expect(one.folders.every((f) => f.team_id === sellerTeam)).toBe(true);
    expect((await list(tokens.admin, { keyword: '报价说明-定稿' })).body.data.files.map((f) => f.id)).toEqual([file.id]);
    expect((await newFolder(tokens.admin, '无主')).body).toEqual({ code: 400, msg: '请先选择团队', data: null });
    expect((await newFolder(tokens.admin, '运营下发', null, { team_id: sellerTeam })).body.data.team_id).toBe(sellerTeam);

    // Deleting the folder takes what it holds, and says so.
    const deleted = await call(server, `/api/files/folders/${folder.id}`, { method: 'DELETE', token: tokens.seller });
    expect(deleted.body.data).toEqual({ folders: 2, files: 1 });
    expect((await download(tokens.seller, file.id)).status).toBe(404);
    expect((await list(tokens.seller, { folder_id: String(sub.id) })).body).toEqual({ code: 404, msg: '文件夹不存在', data: null });
  });

  it('refuses bad names, duplicates, moves into itself and oversized or malformed uploads in Chinese, keeping what was there', async () => {
    const folder = (await newFolder(tokens.seller, '校验')).body.data;
    for (const [name, msg] of [
      ['', '名称不能为空'],
      ['   ', '名称不能为空'],
      ['a/b', '名称不能包含 / 或 \\'],
      ['..', '名称不能是 . 或 ..，也不能包含控制字符'],
      ['x'.repeat(101), '名称不能超过 100 个字符'],
    ]) {
      expect((await newFolder(tokens.seller, name, folder.id)).body).toEqual({ code: 400, msg, data: null });
    }
    expect((await newFolder(tokens.seller, '校验')).body).toEqual({ code: 409, msg: '这里已有名为「校验」的文件夹，请换一个名称', data: null });
    const child = (await newFolder(tokens.seller, '下级', folder.id)).body.data;
    expect((await call(server, `/api/files/folders/${folder.id}`, { method: 'PUT', token: tokens.seller, body: { parent_id: child.id } })).body.msg).toBe('不能把文件夹移动到它自己或它的子文件夹里');

    const first = (await upload(tokens.seller, '规格.csv', 'a,b\n1,2\n', { folder_id: String(folder.id) })).body.data;
    const again = await upload(tokens.seller, '规格.csv', 'other', { folder_id: String(folder.id) });
    expect(again).toEqual({ status: 409, body: { code: 409, msg: '这里已有名为「规格.csv」的文件，请先重命名或删除原文件', data: null } });
    expect(await (await download(tokens.seller, first.id)).text()).toBe('a,b\n1,2\n');
    const second = (await upload(tokens.seller, '规格2.csv', 'x', { folder_id: String(folder.id) })).body.data;
    expect((await call(server, `/api/files/${second.id}`, { method: 'PUT', token: tokens.seller, body: { name: '规格.csv' } })).status).toBe(409);
    expect((await call(server, `/api/files/${second.id}`, { method: 'PUT', token: tokens.seller, body: { name: 'a\\b.csv' } })).body.msg).toBe('名称不能包含 / 或 \\');

    expect((await upload(tokens.seller, '假图片.png', 'not a picture', { folder_id: String(folder.id) })).status).toBe(400);
    expect((await upload(tokens.seller, '真图片.png', productShot(32, [255, 255, 255], [0, 0, 0]), { folder_id: String(folder.id) })).body.data.kind).toBe('image');

    const big = await upload(tokens.seller, '太大.zip', Buffer.alloc(FILES_MAX_BYTES + 1), { folder_id: String(folder.id) });
    expect(big).toEqual({ status: 413, body: { code: 413, msg: '单个文件不能超过 20 MB', data: null } });
    const names = (await list(tokens.seller, { folder_id: String(folder.id) })).body.data.files.map((f) => f.name).sort();
    expect(names).toEqual(['规格.csv', '规格2.csv', '真图片.png'].sort());

    const malformed = await fetch(`${server.url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.seller}`, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nname\r\nabc',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { msg: string }).msg).toBe('上传的表单数据不完整或格式有误，请重新选择文件上传');
    expect((await upload(tokens.seller, '', 'x')).status).toBe(400);
  });

  it('sorts and filters by type within the folder', async () => {
    const folder = (await newFolder(tokens.seller, '排序')).body.data;
    await upload(tokens.seller, 'b.txt', 'bb', { folder_id: String(folder.id) });
    await upload(tokens.seller, 'a.csv', 'aaaa', { folder_id: String(folder.id) });
    await upload(tokens.seller, 'c.zip', 'c', { folder_id: String(folder.id) });
    const of = async (query: Record<string, string>) => (await list(tokens.seller, { folder_id: String(folder.id), ...query })).body.data.files.map((f) => f.name);
    expect(await of({})).toEqual(['a.csv', 'b.txt', 'c.zip']);
    expect(await of({ sort: 'size', order: 'desc' })).toEqual(['a.csv', 'b.txt', 'c.zip']);
    expect(await of({ sort: 'size', order: 'asc' })).toEqual(['c.zip', 'b.txt', 'a.csv']);
    expect(await of({ kind: 'archive' })).toEqual(['c.zip']);
    expect(await of({ kind: 'sheet' })).toEqual(['a.csv']);
  });

  it("lets the demo's team manager read the team's files and refuses every change, in Chinese", async () => {
    const top = (await list(tokens.qianwei)).body.data;
    expect(top.folders.map((f) => f.name)).toEqual(expect.arrayContaining(['商品主图', '对账单']));
    const bills = (await list(tokens.qianwei, { keyword: '动账明细' })).body.data.files;
    expect((await download(tokens.qianwei, bills[0].id)).status).toBe(200);
    const refusals = [
      await newFolder(tokens.qianwei, '经理的文件夹'),
      await upload(tokens.qianwei, 'note.txt', 'x'),
      await call(server, `/api/files/folders/${top.folders[0].id}`, { method: 'PUT', token: tokens.qianwei, body: { name: '改名' } }),
      await call(server, `/api/files/${bills[0].id}`, { method: 'DELETE', token: tokens.qianwei }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await list(tokens.seller, { keyword: '动账明细' })).body.data.files.map((f) => f.id)).toContain(bills[0].id);
  });
});
