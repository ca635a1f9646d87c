/**
 * Quoting's bespoke widgets as their users see them, with msw answering the API: the ask page
 * (quotes side by side, cheapest and fastest marked, accept with its confirm, a 409 told, live
 * frames re-reading the ask), the composer's preview and what it sends, and the sums behind them.
 */
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { mockServer } from '../setup';
import { fail, ok } from '../engine/handlers';
import { renderWidget, testHost } from './render-widget';
import AskPage from '../../../src/widgets/quoting/AskPage';
import { QuoteComposer } from '../../../src/widgets/quoting/QuoteComposer';
import { gapOf, highlightsOf, marginOf, timeLeft } from '../../../src/widgets/quoting/quote-math';
import { costFromRules } from '../../../src/widgets/quoting/rule-cost';
import { appRegistry } from '../../../src/app-registry';
import type { ResourceDefinition, ResourceRecord } from '../../../src/contract/resource';
import type { Screen } from '../../../src/contract/screen';
import type { LiveEvents } from '../../../src/widgets/interface/live';

// antd measures some controls (the segmented type switch, auto-sized text areas) with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const label = (zh: string, en: string) => ({ zh, en });
const ASKS = {
  name: 'price_asks',
  title: label('询价单', 'Price asks'),
  fields: [
    { name: 'goods_name', type: 'string', title: label('商品名称', 'Goods') },
    { name: 'quantity', type: 'integer', title: label('数量', 'Quantity') },
    { name: 'expected_price_fen', type: 'money', title: label('期望单价', 'Expected price') },
  ],
  workflow: {
    stateField: 'status',
    states: [
      { value: 'pending', label: label('待报价', 'Pending'), color: 'orange' },
      { value: 'quoted', label: label('已报价', 'Quoted'), color: 'blue' },
      { value: 'accepted', label: label('已采纳', 'Accepted'), color: 'green' },
    ],
    transitions: [{ name: 'close', label: label('关闭询价', 'Close'), from: ['pending', 'quoted'], to: 'closed', who: {} }],
  },
} as unknown as ResourceDefinition;
const QUOTES = {
  name: 'price_quotes',
  title: label('报价单', 'Price quotes'),
  fields: [{ name: 'quote_type', type: 'enum', title: label('报价类型', 'Type'), options: [{ value: 'spot', label: label('现货', 'Spot') }, { value: 'transfer', label: label('调货', 'Transfer') }] }],
  workflow: {
    stateField: 'status',
    states: [
      { value: 'submitted', label: label('已提交', 'Submitted') },
      { value: 'accepted', label: label('已采纳', 'Accepted') },
      { value: 'rejected', label: label('未采纳', 'Rejected') },
    ],
    transitions: [{ name: 'accept', label: label('采纳', 'Accept'), from: ['submitted'], to: 'accepted', who: {}, confirm: label('确定采纳？', 'Accept?') }],
  },
} as unknown as ResourceDefinition;

const NOW = Date.now();
const DRAWN_MS = 30_000;
const record = (values: Record<string, unknown>) => ({ version: 1, team_id: 1, created_by: 1, created_at: NOW, updated_at: NOW, ...values }) as ResourceRecord;
const ASK = record({ id: 7, ask_no: 'XJ0007', goods_name: '不锈钢保温杯', spec: '500ml', quantity: 100, expected_price_fen: 8500, status: 'quoted', kind: 'ordinary', _actions: ['close'] });
const quote = (id: number, team: number, price: number, days: number) =>
  record({ id, team_id: team, quote_no: `BJ${id}`, quote_type: 'spot', price_fen: price, quantity: 100, delivery_days: days, status: 'submitted', quoted_by: 40 + id, expires_at: NOW + 5 * 3600_000, _actions: ['accept'] });

const pageScreen: Screen = { id: 'main/handlefind', version: 1, title: label('询价详情', 'Ask'), kind: 'block', block: { widget: 'quotingAskPage' } };

function answering(quotes: ResourceRecord[], asked: string[] = []) {
  mockServer.use(
    http.get('*/api/resources/price_asks/definition', () => ok(ASKS)),
    http.get('*/api/resources/price_quotes/definition', () => ok(QUOTES)),
    http.post('*/api/resources/price_quotes/timeline', () => ok({ rows: [] })),
    http.get('*/api/quoting/handlefind', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('name') ?? '');
      return ok({ ask: ASK, photos: [], timeline: [{ id: 1, action: 'create', from_state: null, to_state: 'pending', user_id: 1, user_name: '王小美', note: '', created_at: NOW }], quotes, teams: { 11: '云仓报价组', 12: '深圳现货云仓' } });
    }),
  );
}

const atAsk = (node: ReactNode) => <MemoryRouter initialEntries={['/main/handlefind?name=XJ0007']}>{node}</MemoryRouter>;

describe('the ask page (block quotingAskPage)', () => {
  it('is registered under the names the screens use', () => {
    expect(Object.keys(appRegistry.blocks)).toEqual(expect.arrayContaining(['quotingAskPage', 'quotingRuleEditor']));
    expect(Object.keys(appRegistry.actions)).toEqual(expect.arrayContaining(['quotingCompose', 'quotingLive']));
  });

  it('shows the quotes side by side with the cheapest and the fastest marked, totals in ¥', async () => {
    answering([quote(11, 2, 7900, 3), quote(12, 3, 8250, 1)]);
    renderWidget(atAsk(<AskPage screen={pageScreen} options={{}} />));
    const cards = await screen.findAllByTestId('quote-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByTestId('find-id').textContent).toBe('XJ0007');
    expect(within(cards[0]).getByText('云仓报价组')).toBeTruthy();
    expect(within(cards[0]).getByText('最低价')).toBeTruthy();
    expect(within(cards[0]).getByText('¥7,900.00')).toBeTruthy();
    expect(within(cards[1]).getByText('最快交货')).toBeTruthy();
    expect(within(cards[1]).queryByText('最低价')).toBeNull();
    expect(screen.getByText('收到的报价（2）')).toBeTruthy();
  }, DRAWN_MS);

  it('accepts a quote after its confirm, sending the version read; a 409 is told in Chinese', async () => {
    const sent: unknown[] = [];
    answering([quote(11, 2, 7900, 3), quote(12, 3, 8250, 1)]);
    mockServer.use(
      http.post('*/api/resources/price_quotes/11/actions/accept', async ({ request }) => {
        sent.push(await request.json());
        return fail(409, '「询价单 XJ0007」当前为「已采纳」，不能采纳');
      }),
    );
    renderWidget(atAsk(<AskPage screen={pageScreen} options={{}} />));
    const cards = await screen.findAllByTestId('quote-card');
    fireEvent.click(within(cards[0]).getByTestId('quote-accept'));
    expect(await screen.findByText('确定采纳？')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /采\s?纳/ }).at(-1)!);
    expect(await screen.findByText('未能采纳：「询价单 XJ0007」当前为「已采纳」，不能采纳')).toBeTruthy();
    expect(sent).toEqual([{ version: 1 }]);
  }, DRAWN_MS);

  it('reads the ask again when a live frame names it, and only then', async () => {
    const asked: string[] = [];
    const listeners: Array<(content: LiveEvents['quoting.quote']) => void> = [];
    answering([quote(11, 2, 7900, 3)], asked);
    const host = testHost('zh', { onLive: ((event: string, listener: (c: LiveEvents['quoting.quote']) => void) => (event === 'quoting.quote' && listeners.push(listener), () => undefined)) as never });
    renderWidget(atAsk(<AskPage screen={pageScreen} options={{}} />), host);
    await screen.findAllByTestId('quote-card');
    expect(asked).toEqual(['XJ0007']);
    for (const listener of listeners) listener({ ask_id: 9, ask_no: 'XJ0009', quote_id: 3, status: 'submitted' });
    for (const listener of listeners) listener({ ask_id: 7, ask_no: 'XJ0007', quote_id: 12, status: 'submitted' });
    await waitFor(() => expect(asked).toEqual(['XJ0007', 'XJ0007']));
  }, DRAWN_MS);

  it('tells a reader who may not see the ask that it is not there, keeping its number', async () => {
    answering([]);
    mockServer.use(http.get('*/api/quoting/handlefind', () => fail(404, '记录不存在')));
    renderWidget(atAsk(<AskPage screen={pageScreen} options={{}} />));
    expect(await screen.findByText('询价单不存在，或您无权查看')).toBeTruthy();
    expect(screen.getByTestId('find-id').textContent).toBe('XJ0007');
  }, DRAWN_MS);
});

describe('the quote composer', () => {
  it('previews the total and the gap to the expected price, and sends the quote in fen', async () => {
    const created: Array<{ values: Record<string, unknown> }> = [];
    mockServer.use(
      http.post('*/api/resources/quote_rules/list', () => ok({ rows: [record({ id: 1, name: '保温杯成本', match_type: 'keyword', match_value: '保温杯', cost_fen: 6000, enabled: true })], total: 1, page: 1, pageSize: 100 })),
      http.post('*/api/resources/price_quotes/create', async ({ request }) => {
        created.push((await request.json()) as { values: Record<string, unknown> });
        return ok(record({ id: 30, quote_no: 'BJ30' }));
      }),
    );
    let done: ResourceRecord | undefined;
    renderWidget(<QuoteComposer ask={ASK} onDone={(q) => (done = q)} />);
    const price = screen.getByTestId('composer-price');
    fireEvent.change(price, { target: { value: '82.5' } });
    await waitFor(() => expect(screen.getByTestId('composer-total').textContent).toBe('¥8,250.00'));
    expect(screen.getByTestId('composer-gap').textContent).toBe('−¥2.50 (−2.9%)/件');
    // The team's own rule knows the cost: 82.50 − 60.00.
    await waitFor(() => expect(screen.getByTestId('composer-margin').textContent).toBe('¥22.50 (27.3%)'));
    fireEvent.click(screen.getByTestId('composer-submit'));
    await waitFor(() => expect(done?.id).toBe(30));
    expect(created[0].values).toEqual({ ask_id: 7, quote_type: 'spot', price_fen: 8250, quantity: 100, delivery_days: 2, validity_hours: 24, remark: '' });
  }, DRAWN_MS);
});

describe('the sums behind them', () => {
  it('prices gaps and margins, marks ties, counts validity down', () => {
    expect(gapOf(8250, 8500)).toEqual({ fen: -250, pct: -2.9 });
    expect(gapOf(8250, null)).toBeNull();
    expect(marginOf(8250, 6000)).toEqual({ fen: 2250, pct: 27.3 });
    expect(marginOf(8250, null)).toBeNull();
    const marks = highlightsOf([
      { id: 1, price_fen: 100, delivery_days: 3, status: 'submitted' },
      { id: 2, price_fen: 100, delivery_days: 1, status: 'submitted' },
      { id: 3, price_fen: 50, delivery_days: 0, status: 'rejected' },
    ]);
    expect([...marks.cheapest]).toEqual([1, 2]);
    expect([...marks.fastest]).toEqual([2]);
    expect(highlightsOf([{ id: 1, price_fen: 1, delivery_days: 1, status: 'submitted' }]).cheapest.size).toBe(0);
    expect(timeLeft(NOW + 90 * 60_000, NOW)).toEqual({ hours: 1, minutes: 30 });
    expect(timeLeft(NOW - 1, NOW)).toBeNull();
  });

  it('finds the cost of an ask’s goods in the team’s rules as the server matches them', () => {
    const rules = [
      record({ id: 1, name: '编码', match_type: 'sku', match_value: 'SKU-9', cost_fen: 100 }),
      record({ id: 2, name: '关键词', match_type: 'keyword', match_value: '保温杯', cost_fen: 6000 }),
    ];
    expect(costFromRules(rules, ASK)).toEqual({ rule: '关键词', cost_fen: 6000 });
    expect(costFromRules(rules, record({ id: 8, goods_name: '茶杯', sku: 'sku-9' }))).toEqual({ rule: '编码', cost_fen: 100 });
    expect(costFromRules(rules, record({ id: 9, goods_name: '茶杯' }))).toBeNull();
  });
});
