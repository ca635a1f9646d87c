/**
 * Imports as background jobs: the upload answered at once, progress polled from the database,
 * the history per team, a 200,000-row GB18030 file streamed and counted, jobs of a process that is
 * gone marked interrupted, and matching scoped to one shop and month.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { upload } from '../support/resources';
import { COLUMNS, csvText, gb18030, utf8Bom, xlsxFile } from '../support/reconciliation-files';
import { formatDateTime } from '../../server/resources/time';
import { ImportJobs, STALE_MS } from '../../server/reconciliation/jobs';
import type { ReconImportJob, ReconImportJobList, ReconMatchReport } from '../../src/contract/api/reconciliation';

const DAY = 86_400_000;
const ago = (days: number) => formatDateTime(Date.now() - days * DAY);

/**
 * A Kuaishou order export of n orders under two title rows, in GB18030 as Kuaishou writes it. The
 * Chinese parts are encoded once and the rows put together from bytes: encoding 20 MB of text
 * character by character would take longer than the import.
 */
function kuaishouOrders(n: number, first = 2_500_000_000_000_000): Uint8Array<ArrayBuffer> {
  const gb = (text: string) => Buffer.from(gb18030(text));
  const ascii = (text: string) => Buffer.from(text, 'latin1');
  const head = gb(csvText(COLUMNS.kuaishou_orders, [], { titleRows: ['快手小店订单导出', `导出时间：${ago(0)}`] }));
  const [status, goods, carrier] = [gb('已发货'), gb('快手测试商品'), gb('申通快递')];
  const paid = ago(20);
  const shipped = ago(18);
  const parts: Buffer[] = [head];
  for (let i = 0; i < n; i++) {
    const no = String(first + i);
    // 订单号, 订单创建时间, 订单支付时间, 订单状态, 实付款, 快递费, 店铺优惠, 平台补贴, 成交数量, 商品名称, …, 发货时间, 快递公司, 快递单号, 物流信息
    parts.push(ascii(`${no},,${paid},`), status, ascii(`,${(10 + (i % 90)).toFixed(2)},,,,1,`), goods, ascii(`,,,,,,${shipped},`), carrier, ascii(`,ST${no},\r\n`));
  }
  const bytes = Buffer.concat(parts);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) as Uint8Array<ArrayBuffer>;
}

describe.each(DIALECTS)('reconciliation import jobs on %s', (dialect) => {
  let server: TestServer;
  let seller: string;
  let otherTeam: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    seller = (await loginAs(server, 'seller', 'seller123')).token;
    otherTeam = (await loginAs(server, 'sunli', 'demo123456')).token;
  });
  afterAll(() => server.close());

  const job = async (id: number, token = seller) => call<ReconImportJob>(server, `/api/reconciliation/imports/${id}`, { method: 'GET', token });
  /** Polls a job until it ends, keeping every answer seen on the way. */
  const finished = async (id: number) => {
    const seen: ReconImportJob[] = [];
    for (;;) {
      const answer = (await job(id)).body.data;
      seen.push(answer);
      if (answer.state === 'done' || answer.state === 'failed') return { job: answer, seen };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const start = async (query: string, bytes: Uint8Array<ArrayBuffer>, name = 'orders.csv') => {
    const answer = await upload(server, `/api/reconciliation/imports?${query}`, seller, { name, type: 'text/csv', bytes });
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data as ReconImportJob;
  };

  it('answers an upload at once with a queued job, which reads, writes and reports; the same file again changes nothing', async () => {
    const bytes = kuaishouOrders(1200);
    const queued = await start(`kind=kuaishou_orders&shop=${encodeURIComponent('快手作业店')}`, bytes, '快手订单.csv');
    expect(queued).toMatchObject({ kind: 'kuaishou_orders', shop: '快手作业店', file_name: '快手订单.csv', preview: false, bytes_total: bytes.length, report: null, msg: null, created_by: '王小美' });
    expect(['queued', 'reading', 'writing']).toContain(queued.state);
    const { job: done } = await finished(queued.id);
    expect(done.state).toBe('done');
    expect(done.finished_at).toBeGreaterThanOrEqual(done.created_at);
    expect(done.report).toMatchObject({ header_row: 3, rows: 1200, valid: 1200, error_count: 0, created: 1200, updated: 0, unchanged: 0 });

    const again = (await finished((await start(`kind=kuaishou_orders&shop=${encodeURIComponent('快手作业店')}`, bytes)).id)).job;
    expect(again.report).toMatchObject({ created: 0, updated: 0, unchanged: 1200 });
  }, 120_000);

  it('streams a 200,000-row GB18030 file, counting every row, with progress on the way', async () => {
    const bytes = kuaishouOrders(200_000, 2_600_000_000_000_000);
    const queued = await start(`kind=kuaishou_orders&shop=x&preview=1`, bytes, 'big.csv');
    const { job: done, seen } = await finished(queued.id);
    expect(done.state, done.msg ?? '').toBe('done');
    expect(done.report).toMatchObject({ header_row: 3, rows: 200_000, valid: 200_000, error_count: 0, created: 0 });
    expect(done.report!.sample[0]).toMatchObject({ order_no: '2600000000000000', amount_fen: 1000 });
    expect(done.rows_done).toBe(200_000);
    // Polled while it ran: some answer saw it part-way, with bytes read and rows counted.
    const partway = seen.filter((answer) => answer.state === 'reading' && answer.bytes_done > 0 && answer.bytes_done < bytes.length);
    expect(partway.length).toBeGreaterThan(0);
    expect(partway[0].rows_done).toBeGreaterThan(0);
  }, 240_000);

  it('fails a file it cannot read with the reason in Chinese, and a missing shop at once', async () => {
    const bad = await start('kind=douyin_orders&shop=x', utf8Bom('a,b\r\n1,2\r\n'));
    const { job: failed } = await finished(bad.id);
    expect(failed.state).toBe('failed');
    expect(failed.msg).toContain('主订单编号');
    const noShop = await upload(server, '/api/reconciliation/imports?kind=douyin_orders', seller, { name: 'a.csv', type: 'text/csv', bytes: 'a,b\n' });
    expect(noShop.body).toEqual({ code: 400, msg: '请选择文件所属的店铺', data: null });
  });

  it('fails a job whose file stops reading midway, XLSX or CSV, with the reason in Chinese; what a failed write left, importing again completes', async () => {
    const rows = Array.from({ length: 4000 }, (_, i) => ({ 订单号: String(2_500_000_000_000_000 + i), 订单支付时间: ago(20), 订单状态: '已发货', 实付款: 10, 成交数量: 1, 商品名称: '断流商品' }));
    const db = server.database.db;
    const team = (await db.selectFrom('users').select('team_id').where('username', '=', 'seller').executeTakeFirstOrThrow()).team_id!;
    const user = (await db.selectFrom('users').select('id').where('username', '=', 'seller').executeTakeFirstOrThrow()).id;
    const stored = async () => Number((await db.selectFrom('store_orders').select(({ fn }) => fn.countAll().as('n')).where('goods_name', '=', '断流商品').executeTakeFirstOrThrow()).n);
    /** Opens the file whole the first `whole` times (the format's sniff, then passes), afterwards gives half of it and fails as a failing disk does. */
    const breakingAfter = (whole: number) => {
      let opened = 0;
      return (file: string) => () => {
        const bytes = fs.readFileSync(file);
        if (++opened <= whole) return Readable.from([bytes]);
        let sent = false;
        return new Readable({
          read() {
            if (sent) this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
            else this.push(bytes.subarray(0, bytes.length >> 1));
            sent = true;
          },
        });
      };
    };
    const files: Array<[string, Buffer]> = [
      ['orders.xlsx', Buffer.from(await xlsxFile(COLUMNS.kuaishou_orders, rows))],
      ['orders.csv', Buffer.from(utf8Bom(csvText(COLUMNS.kuaishou_orders, rows)))],
    ];
    for (const [name, bytes] of files) {
      // Failing in the reading pass writes nothing; failing in the writing pass leaves what its finished chunks wrote.
      for (const [whole, written] of [
        [1, false],
        [2, true],
      ] as const) {
        const jobs = new ImportJobs({ db, writes: server.database.writes }, server.app.log, breakingAfter(whole));
        const file = path.join(server.config.dataDir, `breaking-${whole}-${name}`);
        fs.writeFileSync(file, bytes);
        const job = { team, user, kind: 'kuaishou_orders' as const, shop: '断流店', fileName: name, preview: false, path: file, bytes: bytes.length };
        const id = await jobs.create(job);
        const before = await stored();
        await expect(jobs.run(id, job), name).rejects.toMatchObject({ key: 'reconReadFailed' });
        expect(await jobs.get(team, id, 'zh'), name).toMatchObject({ state: 'failed', msg: '读取上传的文件时出错，导入已停止，请重新导入' });
        if (!written) expect(await stored(), name).toBe(before);
        await jobs.close();
      }
      const again = await finished((await start('kind=kuaishou_orders&shop=断流店', new Uint8Array(bytes), name)).id);
      expect(again.job.state, name).toBe('done');
      expect(again.job.report!.created + again.job.report!.unchanged + again.job.report!.updated, name).toBe(rows.length);
      expect(await stored(), name).toBe(rows.length);
    }
  });

  it("lists the team's history newest first; another team sees none of it, nor any one job", async () => {
    const mine = (await call<ReconImportJobList>(server, '/api/reconciliation/imports', { method: 'GET', token: seller })).body.data.rows;
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(mine[0].created_at).toBeGreaterThanOrEqual(mine[mine.length - 1].created_at);
    expect(mine.map((row) => row.file_name)).toContain('big.csv');
    const theirs = (await call<ReconImportJobList>(server, '/api/reconciliation/imports', { method: 'GET', token: otherTeam })).body.data.rows;
    // The other team has its own demo history, and none of this one's.
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((row) => mine.some((own) => own.id === row.id))).toEqual([]);
    const peek = await job(mine[0].id, otherTeam);
    expect(peek.status).toBe(404);
    expect(peek.body.msg).toBe('导入任务不存在');
  });

  it('marks jobs of a process that is gone as interrupted, in Chinese', async () => {
    const team = (await server.database.db.selectFrom('users').select('team_id').where('username', '=', 'seller').executeTakeFirstOrThrow()).team_id;
    const now = Date.now();
    const base = { team_id: team, created_by: null, kind: 'douyin_orders', shop_name: '店', file_name: 'x.csv', preview: 0, bytes_total: 100, report: null, error_key: null, error_params: null, created_at: now, finished_at: null };
    const rows = await server.database.db
      .insertInto('recon_import_jobs')
      .values([
        // Another machine's process, unheard of for longer than the limit.
        { ...base, state: 'reading', worker: 'elsewhere:1234:abcd', heartbeat_at: now - STALE_MS - 1000 },
        // A process of this machine that no longer runs (pids stop far below this one).
        { ...base, state: 'writing', worker: `${os.hostname()}:99999999:abcd`, heartbeat_at: now },
        // Another machine's process heard from just now: still running.
        { ...base, state: 'reading', worker: 'elsewhere:1234:abcd', heartbeat_at: now },
      ])
      .returning('id')
      .execute();
    const [stale, dead, alive] = await Promise.all(rows.map(async (row) => (await job(row.id)).body.data));
    expect(stale).toMatchObject({ state: 'failed', msg: '服务重启，导入中断，请重新导入' });
    expect(dead).toMatchObject({ state: 'failed', msg: '服务重启，导入中断，请重新导入' });
    expect(alive).toMatchObject({ state: 'reading', msg: null });
    const english = await call<ReconImportJob>(server, `/api/reconciliation/imports/${stale.id}`, { method: 'GET', token: seller, headers: { 'accept-language': 'en' } });
    expect(english.body.data.msg).toContain('interrupted');
    await server.database.db.updateTable('recon_import_jobs').set({ state: 'failed' }).where('id', '=', alive.id).execute();
  });

  it('matches one shop and month only: orders and lines outside the scope are left as they were', async () => {
    const match = async (body: object) => (await call<ReconMatchReport>(server, '/api/reconciliation/match', { token: seller, body })).body;
    await match({});
    const db = server.database.db;
    const orders = await db.selectFrom('store_orders_view').select(['id', 'shop_name', 'paid_at', 'outcome']).where('team_id', '=', (await db.selectFrom('users').select('team_id').where('username', '=', 'seller').executeTakeFirstOrThrow()).team_id).where('platform', '=', 'douyin').orderBy('paid_at', 'desc').execute();
    const target = orders[0];
    const period = formatDateTime(target.paid_at).slice(0, 7);
    const inScope = orders.filter((order) => order.shop_name === target.shop_name && formatDateTime(order.paid_at).startsWith(period));
    const outside = orders.find((order) => !inScope.includes(order))!;
    expect(outside).toBeDefined();
    // Both forced away from what matching found: only the one in scope is put back.
    await db.updateTable('recon_results').set({ outcome: 'orphan' }).where('order_id', 'in', [target.id, outside.id]).execute();

    const report = await match({ platform: 'douyin', shop: target.shop_name, period });
    expect(report.code).toBe(200);
    expect(report.data.scope).toEqual({ platform: 'douyin', shop: target.shop_name, period });
    const counted = Object.entries(report.data.counts).reduce((sum, [outcome, count]) => sum + (outcome === 'orphan' ? 0 : count), 0);
    expect(counted).toBe(inScope.length);
    expect(report.data.changed).toBe(1);
    const after = await db.selectFrom('store_orders_view').select(['id', 'outcome']).where('id', 'in', [target.id, outside.id]).execute();
    expect(after.find((row) => row.id === target.id)!.outcome).toBe(target.outcome);
    expect(after.find((row) => row.id === outside.id)!.outcome).toBe('orphan');

    expect((await match({ period: '2026-13' })).code).toBe(400);
  });
});
