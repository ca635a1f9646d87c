/**
 * Reconciliation's bespoke widgets as a seller sees them, with msw answering the API: the import
 * block (kind and shop, the preview job with its per-row errors, upload and reading progress, the
 * result, the history), the summary (totals, outcome tags opening the orders behind them, running
 * the match, exporting the differences of what is on screen) and the explain action (a note is
 * required, then saved on the order).
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { mockServer } from '../setup';
import { ok } from '../engine/handlers';
import { renderWidget, testHost } from './render-widget';
import ImportBlock from '../../../src/widgets/reconciliation/ImportBlock';
import SummaryBlock from '../../../src/widgets/reconciliation/SummaryBlock';
import ExplainAction from '../../../src/widgets/reconciliation/ExplainAction';
import { request } from '../../../src/shell/request/client';
import type { ReconImportJob, ReconImportReport, ReconSummaryRow } from '../../../src/contract/api/reconciliation';
import type { ResourceDefinition, ResourceRecord } from '../../../src/contract/resource';
import type { Screen } from '../../../src/contract/screen';
import type { EngineHost } from '../../../src/engine/host';

// antd measures some controls with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const DRAWN_MS = 30_000;
// antd under jsdom on a loaded machine: a job's next poll or a drawer's first draw can take seconds.
configure({ asyncUtilTimeout: 8000 });
const label = (zh: string, en: string) => ({ zh, en });
const ORDERS = {
  name: 'store_orders',
  title: label('订单', 'Orders'),
  fields: [
    {
      name: 'platform',
      type: 'enum',
      title: label('平台', 'Platform'),
      options: [
        { value: 'douyin', label: label('抖音', 'Douyin') },
        { value: 'kuaishou', label: label('快手', 'Kuaishou') },
      ],
    },
    {
      name: 'outcome',
      type: 'enum',
      title: label('对账结果', 'Outcome'),
      options: [
        { value: 'matched', label: label('已对平', 'Matched'), color: 'green' },
        { value: 'mismatch', label: label('金额不符', 'Amount differs'), color: 'red' },
        { value: 'orphan', label: label('平台有账无单', 'Settled, no order'), color: 'purple' },
      ],
    },
  ],
} as unknown as ResourceDefinition;

const block = { screen: { id: 'bill/x', version: 1, title: label('对账', 'Reconciliation'), kind: 'block' } as unknown as Screen, options: {} };

function report(values: Partial<ReconImportReport> = {}): ReconImportReport {
  return {
    kind: 'douyin_orders',
    header_row: 3,
    columns: ['order_no', 'amount'],
    rows: 3,
    valid: 2,
    errors: [],
    error_count: 0,
    sample: [{ order_no: '6900000000000001', amount_fen: 10_000 }],
    created: 0,
    updated: 0,
    unchanged: 0,
    unknown: [],
    unknown_count: 0,
    ...values,
  };
}

function job(values: Partial<ReconImportJob>): ReconImportJob {
  return {
    id: 1,
    kind: 'douyin_orders',
    shop: '抖音测试店',
    file_name: 'douyin.csv',
    preview: true,
    state: 'done',
    bytes_total: 1000,
    bytes_done: 1000,
    rows_done: 3,
    report: null,
    msg: null,
    created_by: '王小美',
    created_at: Date.UTC(2026, 10, 20, 2, 0),
    finished_at: null,
    ...values,
  };
}

interface Started {
  kind: string | null;
  shop: string | null;
  preview: string | null;
  file: string | undefined;
}

/**
 * The import API: a started job answers `queued`, each poll the next of `polls` (the last one
 * repeats); every start is kept with its query and file name.
 */
function importApi(polls: (preview: boolean) => ReconImportJob[], history: ReconImportJob[] = []) {
  const started: Started[] = [];
  let answers: ReconImportJob[] = [];
  mockServer.use(
    http.get('*/api/resources/store_orders/definition', () => ok(ORDERS)),
    http.post('*/api/reconciliation/summary', () => ok({ rows: [] })),
    http.get('*/api/reconciliation/imports', () => ok({ rows: history })),
    http.post('*/api/reconciliation/imports', async ({ request: sent }) => {
      const query = new URL(sent.url).searchParams;
      const file = (await sent.formData()).get('file');
      // The file as msw hands it (a File of another realm than the test's).
      started.push({ kind: query.get('kind'), shop: query.get('shop'), preview: query.get('preview'), file: (file as { name?: string } | null)?.name });
      answers = polls(query.get('preview') === '1');
      return ok(job({ state: 'queued', preview: query.get('preview') === '1', bytes_done: 0, rows_done: 0 }));
    }),
    http.get('*/api/reconciliation/imports/:id', () => ok(answers.length > 1 ? answers.shift() : answers[0])),
  );
  return started;
}

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
const drop = (name: string) => fireEvent.change(fileInput(), { target: { files: [new File(['a,b\n1,2\n'], name, { type: 'text/csv' })] } });
const typeShop = (shop: string) => fireEvent.change(screen.getByRole('combobox', { name: '店铺' }), { target: { value: shop } });

describe('the import block (reconImport)', () => {
  it('asks for the shop of a platform file before sending anything', async () => {
    const started = importApi(() => [job({})]);
    renderWidget(<ImportBlock {...block} />);
    await screen.findByText('点击或拖入从平台后台下载的文件');
    drop('douyin.csv');
    expect(await screen.findByText('平台的订单和结算文件要选择所属店铺')).toBeTruthy();
    expect(started).toEqual([]);
  }, DRAWN_MS);

  it('previews a file as a job: its reading progress, then the header row, the counts and each refused row with its reason', async () => {
    const errors = [
      { row: 5, msg: '「金额」不是金额：abc' },
      { row: 9, msg: '缺少订单号' },
    ];
    // The job reads until the test has seen its progress, then is done.
    const polls = [job({ state: 'reading', bytes_done: 500, rows_done: 1200 })];
    const started = importApi(() => polls);
    renderWidget(<ImportBlock {...block} />);
    await screen.findByText('点击或拖入从平台后台下载的文件');
    typeShop('抖音测试店');
    drop('douyin.csv');

    const reading = await screen.findByRole('status', { name: '读取中' });
    expect(reading.textContent).toContain('已处理 1,200 行');
    expect(within(reading).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    polls[0] = job({ state: 'done', report: report({ rows: 12, valid: 10, errors, error_count: 2 }) });

    expect(await screen.findByText('第 3 行', undefined)).toBeTruthy();
    expect(screen.getByText('共读到 12 行，可写入 10 条，2 行有错误')).toBeTruthy();
    const refused = screen.getByText('有错误的行 (2)').closest('.ant-card') as HTMLElement;
    expect(within(refused).getByText('「金额」不是金额：abc')).toBeTruthy();
    expect(within(refused).getByText('9')).toBeTruthy();
    expect(within(refused).getByText('缺少订单号')).toBeTruthy();
    expect(started).toEqual([{ kind: 'douyin_orders', shop: '抖音测试店', preview: '1', file: expect.any(String) }]);
  }, DRAWN_MS);

  it('shows the upload going out, imports the same file on confirm and reports what it wrote and the unknown order numbers', async () => {
    const host = testHost('zh', {
      // The console's request client reports the upload's bytes; here half of the file has gone.
      request: ((url: string, body: unknown, options?: { silent?: boolean; method?: 'GET' | 'POST'; onUploadProgress?(loaded: number, total: number): void }) => {
        options?.onUploadProgress?.(512, 1024);
        return request(url, { body, silent: options?.silent, method: options?.method });
      }) as EngineHost['request'],
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const started = importApi((preview) =>
      preview
        ? [job({ state: 'done', report: report({ kind: 'shipments', valid: 3 }) })]
        : [job({ state: 'writing', preview: false, rows_done: 2 }), job({ state: 'done', preview: false, kind: 'shipments', report: report({ kind: 'shipments', created: 0, updated: 2, unchanged: 1, unknown: ['404000000000'], unknown_count: 1 }) })],
    );
    renderWidget(<ImportBlock {...block} />, host);
    // Shipments cover every shop: none is asked for.
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '文件类型' }));
    fireEvent.click(await screen.findByTitle('发货单（任意平台）'));
    expect(await screen.findByText('发货文件适用于所有店铺，无需选择')).toBeTruthy();
    mockServer.use(
      http.post('*/api/reconciliation/imports', async () => {
        await held;
        return undefined;
      }),
    );
    drop('shipments.csv');
    const uploading = await screen.findByRole('status', { name: '上传中' });
    expect(uploading.textContent).toContain('已上传 512 B / 1.0 KB');
    expect(within(uploading).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    release();

    fireEvent.click(await screen.findByRole('button', { name: '确认导入' }));
    const result = await screen.findByText('导入完成', { selector: '.ant-result-title' });
    const card = result.closest('.ant-result') as HTMLElement;
    const figure = (title: string) => within(card).getByText(title).closest('.ant-statistic')?.querySelector('.ant-statistic-content-value')?.textContent;
    expect([figure('新增'), figure('更新'), figure('未变')]).toEqual(['0', '2', '1']);
    expect(within(card).getByText('发货文件里有 1 个订单号在系统中找不到：')).toBeTruthy();
    expect(within(card).getByText('404000000000')).toBeTruthy();
    expect(started.map((start) => [start.kind, start.shop, start.preview])).toEqual([
      ['shipments', null, '1'],
      ['shipments', null, '0'],
    ]);
  }, DRAWN_MS);

  it('lists the import history: when, which file, of which kind and shop, and how it ended', async () => {
    importApi(
      () => [job({})],
      [
        job({ id: 2, preview: false, file_name: '动账明细.csv', kind: 'douyin_flows', report: report({ created: 8, updated: 0, unchanged: 0 }) }),
        job({ id: 1, state: 'failed', file_name: 'old.xls', msg: '暂不支持旧版 Excel（.xls）二进制文件' }),
      ],
    );
    renderWidget(<ImportBlock {...block} />);
    const history = (await screen.findByText('导入记录')).closest('.ant-card') as HTMLElement;
    const rows = await within(history).findAllByRole('row');
    const text = rows.map((row) => row.textContent);
    expect(text.find((row) => row?.includes('动账明细.csv'))).toMatch(/抖音动账明细.*抖音测试店.*已完成.*新增 8 · 更新 0 · 未变 0/);
    expect(text.find((row) => row?.includes('old.xls'))).toMatch(/失败.*暂不支持旧版 Excel/);
  }, DRAWN_MS);
});

const FIGURES = ['orders', 'paid_fen', 'refund_fen', 'fee_service_fen', 'fee_commission_fen', 'fee_affiliate_fen', 'fee_other_fen', 'fee_fen', 'settled_fen', 'difference_fen', 'explained'];
/** A summary row of 抖音测试店 in 2026-10, every figure 0 but those given. */
const summaryRow = (values: Partial<ReconSummaryRow>): ReconSummaryRow =>
  ({ platform: 'douyin', shop_name: '抖音测试店', period: '2026-10', counts: {}, ...Object.fromEntries(FIGURES.map((key) => [key, 0])), ...values }) as ReconSummaryRow;

const SUMMARY = [
  summaryRow({ orders: 3, paid_fen: 17_500, fee_fen: -600, fee_service_fen: -480, fee_commission_fen: -120, settled_fen: 17_000, difference_fen: -500, counts: { matched: 2, mismatch: 1 } }),
  summaryRow({ shop_name: '抖音二店', orders: 1, paid_fen: 2000, settled_fen: 3000, difference_fen: 1000, counts: { matched: 1, orphan: 1 } }),
  summaryRow({ platform: 'kuaishou', shop_name: '快手测试店', period: '2026-11', orders: 2, paid_fen: 14_000, settled_fen: 12_200, difference_fen: -1000, counts: { mismatch: 2 } }),
];

function summaryApi() {
  const matched: unknown[] = [];
  const lists: unknown[] = [];
  mockServer.use(
    http.get('*/api/resources/store_orders/definition', () => ok(ORDERS)),
    http.post('*/api/reconciliation/summary', async ({ request: sent }) => {
      const query = (await sent.json()) as { platform?: string };
      return ok({ rows: SUMMARY.filter((row) => !query.platform || row.platform === query.platform) });
    }),
    http.post('*/api/reconciliation/match', async ({ request: sent }) => {
      matched.push(await sent.json());
      return ok({ scope: { platform: null, shop: null, period: null }, counts: {}, changed: 4, ms: 37 });
    }),
    http.post('*/api/resources/store_orders/list', async ({ request: sent }) => {
      lists.push(await sent.json());
      return ok({ rows: [{ id: 11, version: 1, order_no: '6900000000000002', amount_fen: 5000, expected_fen: 5000, settled_fen: 4500, difference_fen: -500, outcome: 'mismatch', explained: false }], total: 1, page: 1, pageSize: 10 });
    }),
  );
  return { matched, lists };
}

const table = () => document.querySelector('.recon-table-card') as HTMLElement;
const figure = (title: string) => screen.getByText(title, { selector: '.ant-statistic-header *, .ant-statistic-title' }).closest('.ant-statistic')?.querySelector('.ant-statistic-content-value')?.textContent;

describe('the summary (reconSummary)', () => {
  it('shows the totals and a tag per outcome; a tag opens the orders behind it', async () => {
    const { lists } = summaryApi();
    renderWidget(<SummaryBlock {...block} />);
    await screen.findByText('快手测试店');
    expect(figure('订单数')).toBe('6');
    expect(figure('差额')).toBe('-¥5.00');
    const row = screen.getByText('抖音测试店').closest('tr') as HTMLElement;
    expect(within(row).getByText('已对平 2')).toBeTruthy();
    fireEvent.click(within(row).getByText('金额不符 1'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('6900000000000002')).toBeTruthy();
    expect(within(drawer).getByText('抖音测试店 · 2026-10 · 金额不符')).toBeTruthy();
    expect(lists[0]).toMatchObject({
      filters: expect.arrayContaining([
        expect.objectContaining({ field: 'platform', value: 'douyin' }),
        expect.objectContaining({ field: 'shop_name', value: '抖音测试店' }),
        expect.objectContaining({ field: 'outcome', value: 'mismatch' }),
      ]),
    });
  }, DRAWN_MS);

  it('runs the match and exports the differences of the platform, shop and month on screen', async () => {
    const { matched } = summaryApi();
    const download = vi.fn(async () => {});
    renderWidget(<SummaryBlock {...block} />, testHost('zh', { download }));
    await screen.findByText('快手测试店');

    fireEvent.click(screen.getByRole('button', { name: /导出差异/ }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download).toHaveBeenLastCalledWith('/api/reconciliation/differences/export', '对账差异.xlsx');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '平台' }));
    fireEvent.click(await screen.findByTitle('抖音'));
    await waitFor(() => expect(within(table()).queryByText('快手测试店')).toBeNull());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '店铺' }));
    fireEvent.click(await screen.findByTitle('抖音测试店'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '账期' }));
    fireEvent.click(await screen.findByTitle('2026-10'));
    await waitFor(() => expect(within(table()).queryByText('抖音二店')).toBeNull());
    expect(figure('订单数')).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: /导出差异/ }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(download).toHaveBeenLastCalledWith(`/api/reconciliation/differences/export?platform=douyin&shop=${encodeURIComponent('抖音测试店')}&period=2026-10`, '对账差异.xlsx');

    fireEvent.click(screen.getByRole('button', { name: /运行对账/ }));
    expect(await screen.findByText('对账完成：4 笔订单的结果有变化（用时 37 毫秒）')).toBeTruthy();
    expect(matched).toEqual([{ platform: 'douyin', shop: '抖音测试店', period: '2026-10' }]);
  }, DRAWN_MS);
});

describe('the explain action (reconExplain)', () => {
  const order = { id: 11, version: 3, order_no: '6900000000000002', outcome: 'mismatch', explained: false, explain_note: '' } as unknown as ResourceRecord;
  const action = { name: 'explain', kind: 'widget', widget: 'reconExplain', label: label('标记已说明', 'Explain') } as never;

  it('requires a note, then saves it on the order with the version read and reloads the list', async () => {
    const updates: unknown[] = [];
    mockServer.use(
      http.post('*/api/resources/store_orders/update', async ({ request: sent }) => {
        updates.push(await sent.json());
        return ok({ ...order, version: 4, explained: true, explain_note: '平台少结 5 元，已申诉' });
      }),
    );
    const reload = vi.fn();
    renderWidget(<ExplainAction action={action} screen={block.screen} definition={ORDERS} record={order} reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: '标记已说明' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('说明订单 6900000000000002 的差异')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '保存说明' }));
    expect(await within(dialog).findByText('请填写说明')).toBeTruthy();
    expect(updates).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '  平台少结 5 元，已申诉 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存说明' }));
    expect(await screen.findByText('已标记为已说明，说明记入了订单的变更记录')).toBeTruthy();
    expect(updates).toEqual([{ id: 11, version: 3, values: { explained: true, explain_note: '平台少结 5 元，已申诉' } }]);
    expect(reload).toHaveBeenCalledTimes(1);
  }, DRAWN_MS);
});
