/**
 * 首页 and 工作台 as a user sees them, with msw answering the dashboard's reads: the cards with their
 * change against the period before, the empty states, an administrator's team filter, a waiting
 * ask opening its page; the to-dos, each opening where it is handled, and the quick entries.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { mockServer } from '../setup';
import { ok, page } from '../engine/handlers';
import { navigated, renderWidget } from './render-widget';
import OverviewBlock from '../../../src/widgets/dashboard/OverviewBlock';
import WorkbenchBlock from '../../../src/widgets/dashboard/WorkbenchBlock';
import { deltaOf, durationParts, percentText } from '../../../src/widgets/dashboard/figures';
import type { DashboardOverview, DashboardWorkbench } from '../../../src/contract/api/dashboard';
import type { Screen } from '../../../src/contract/screen';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// antd under jsdom on a loaded machine: a first draw can take seconds.
const DRAWN_MS = 30_000;
const block = { screen: { id: 'dashboard/index', version: 1, title: { zh: '首页', en: 'Home' }, kind: 'block' } as unknown as Screen, options: {} };
const quietWeek = Array.from({ length: 7 }, (_, i) => ({ day: `2026-11-2${i + 1}`, asks: 0, quotes: 0 }));

function overview(values: Partial<DashboardOverview> = {}): DashboardOverview {
  return {
    days: 7,
    from: '2026-11-21',
    teams: null,
    team: 3,
    quoting: {
      asks: { current: 12, previous: 8, today: 4 },
      quotes: { current: 6, previous: 0, today: 2 },
      accept_rate: { current: 0.25, previous: 0.5 },
      first_quote_minutes: { current: 95, previous: 120 },
      trend: quietWeek,
      waiting: [{ id: 7, ask_no: 'XJ202611270001', goods_name: '空气炸锅', quantity: 20, team_name: '华南采购一部', created_at: Date.parse('2026-11-27T02:00:00Z') }],
    },
    recon: { orders: 0, lines: 0, matched: 0, mismatched: 0, missing: 0, paid_fen: 0, settled_fen: 0, difference_fen: 0 },
    unread: { chat: 3, notices: 5 },
    ...values,
  };
}

const card = (title: string) => screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-card') as HTMLElement;

describe('the figures 首页 words', () => {
  it('compares with the period before only when it had something', () => {
    expect(deltaOf(12, 8)).toBe(0.5);
    expect(deltaOf(6, 0)).toBeNull();
    expect(deltaOf(null, 3)).toBeNull();
    expect(percentText(0.5, true)).toBe('+50%');
    expect(percentText(1 / 6)).toBe('16.7%');
    expect(durationParts(95)).toEqual({ hours: 1, minutes: 35 });
  }, DRAWN_MS);
});

describe('首页', () => {
  it("draws the period's cards against the period before, the waiting asks and the empty states", async () => {
    const asked: string[] = [];
    mockServer.use(
      http.get('*/api/dashboard/overview', ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok(overview());
      }),
    );
    renderWidget(<OverviewBlock {...block} />);
    await screen.findByText('询价数', { selector: '.ant-statistic-title' });
    expect(asked).toEqual(['?days=7']);
    expect(within(card('询价数')).getByText('12')).toBeTruthy();
    expect(within(card('询价数')).getByText('今日 4')).toBeTruthy();
    expect(card('询价数').textContent).toMatch(/较上期\s*50%/);
    expect(card('报价数').textContent).toContain('上期无数据');
    expect(within(card('采纳率')).getByText('25%')).toBeTruthy();
    // A shorter wait to the first quote is the good direction.
    expect(within(card('首次报价用时（中位数）')).getByText('1 小时 35 分')).toBeTruthy();
    expect(card('首次报价用时（中位数）').querySelector('.ant-typography-success')).not.toBeNull();
    expect(card('采纳率').querySelector('.ant-typography-danger')).not.toBeNull();
    expect(screen.getByText('本期还没有询价和报价')).toBeTruthy();
    expect(screen.getByText(/还没有导入对账数据/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '团队' })).toBeNull();

    fireEvent.click(screen.getByText('空气炸锅'));
    expect(navigated.at(-1)).toBe('/main/handlefind?name=XJ202611270001');

    fireEvent.click(screen.getByText('近 30 天'));
    await waitFor(() => expect(asked).toContain('?days=30'));
  }, DRAWN_MS);

  it('shows reconciliation in yuan, and lets an administrator pick a team', async () => {
    const asked: string[] = [];
    mockServer.use(
      http.get('*/api/dashboard/overview', ({ request }) => {
        const search = new URL(request.url).search;
        asked.push(search);
        const team = new URL(request.url).searchParams.get('team');
        return ok(
          overview({
            teams: [
              { id: 3, name: '华南采购一部' },
              { id: 4, name: '华东采购二部' },
            ],
            team: team ? Number(team) : null,
            quoting: null,
            recon: { orders: 180, lines: 153, matched: 135, mismatched: 6, missing: 12, paid_fen: 3_825_400, settled_fen: 2_851_940, difference_fen: -29_170 },
          }),
        );
      }),
    );
    renderWidget(<OverviewBlock {...block} />);
    await screen.findByText('对账概况');
    expect(screen.getByText('¥38,254.00')).toBeTruthy();
    expect(screen.getByText('-¥291.70')).toBeTruthy();
    expect(screen.queryByText('询价数')).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '团队' }));
    fireEvent.click(await screen.findByTitle('华东采购二部'));
    await waitFor(() => expect(asked).toContain('?days=7&team=4'));
  }, DRAWN_MS);
});

describe('工作台', () => {
  const work: DashboardWorkbench = {
    queue: [],
    to_accept: [{ ask_no: 'XJ202611270002', goods_name: '蓝牙耳机', quantity: 50, at: Date.parse('2026-11-27T03:00:00Z'), quotes: 2 }],
    expiring: [],
    differences: [{ platform: 'douyin', shop_name: '潮品生活抖音旗舰店', orders: 5, difference_fen: 8590, last_file: '十一月订单.csv', last_import_at: Date.parse('2026-11-26T03:00:00Z') }],
    notices: [{ id: 9, type: 2, content: '您的询价单 <b>XJ202611270002</b>（蓝牙耳机）收到新报价', find_id: 'XJ202611270002', created_at: Date.parse('2026-11-27T04:00:00Z') }],
    entries: [
      { path: '/common/info/question', title: { zh: '我要询价', en: 'Ask Price' } },
      { path: '/bill/summary', title: { zh: '对账汇总', en: 'Reconciliation Summary' } },
    ],
  };

  const platforms = [
    http.post('*/api/resources/dictionaries/list', () => ok(page([{ id: 1, code: 'store_platform', name: '店铺平台' }]))),
    http.post('*/api/resources/dictionary_items/list', () => ok(page([{ id: 1, dictionary_id: 1, value: 'douyin', label_zh: '抖音', label_en: 'Douyin', sort: 1, status: 1 }]))),
  ];

  it('lists the to-dos that have items, each opening where it is handled, and the quick entries', async () => {
    mockServer.use(http.get('*/api/dashboard/workbench', () => ok(work)), ...platforms);
    renderWidget(<WorkbenchBlock {...block} />);
    await screen.findByText('待我采纳的报价');
    expect(screen.queryByText('待我报价')).toBeNull();
    expect(screen.queryByText('即将到期的报价')).toBeNull();
    expect(screen.getByText(/XJ202611270002 · 2 条报价/)).toBeTruthy();
    fireEvent.click(screen.getByText('蓝牙耳机'));
    expect(navigated.at(-1)).toBe('/main/handlefind?name=XJ202611270002');
    fireEvent.click(await screen.findByText('抖音 · 潮品生活抖音旗舰店'));
    expect(navigated.at(-1)).toBe('/bill/core/douyin');
    expect(screen.getByText(/5 单差异 · ¥85.90 · 最近导入：十一月订单.csv/)).toBeTruthy();
    // The notice's markup is not shown as text.
    fireEvent.click(screen.getByText('您的询价单 XJ202611270002（蓝牙耳机）收到新报价'));
    expect(navigated.at(-1)).toBe('/main/handlefind?name=XJ202611270002');
    fireEvent.click(screen.getByRole('button', { name: '对账汇总' }));
    expect(navigated.at(-1)).toBe('/bill/summary');
  }, DRAWN_MS);

  it('says nothing waits when nothing does', async () => {
    mockServer.use(http.get('*/api/dashboard/workbench', () => ok({ ...work, to_accept: [], differences: [], notices: [], entries: [] })), ...platforms);
    renderWidget(<WorkbenchBlock {...block} />);
    await screen.findByText('没有待办事项，一切就绪');
    expect(screen.getByText('没有未读通知')).toBeTruthy();
    expect(screen.queryByText('快捷入口')).toBeNull();
  }, DRAWN_MS);
});
