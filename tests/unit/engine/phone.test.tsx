/**
 * The engine's phone drawing (issue 18): below 768 px a list is cards from the same controller,
 * a detail one column, a form one column, a screen that is coming a skeleton of its shape.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { mockServer } from '../setup';
import { sessionStore } from '../../../src/shell/auth/session';
import { DEFAULT_ACTIONS } from '../../../src/contract/screen-defaults';
import type { ListQuery } from '../../../src/contract/resource';
import type { DetailSpec, Screen } from '../../../src/contract/screen';
import DetailRenderer from '../../../src/engine/detail/DetailRenderer';
import FormRenderer from '../../../src/engine/form/FormRenderer';
import { ScreenSkeleton } from '../../../src/engine/parts/ScreenSkeleton';
import { appRegistry } from '../../../src/app-registry';
import { answerList, goodsDefinition, goodsRows, goodsScreen } from '../../../bench/fixtures/goods';
import { giveElementsASize, ok, openScreen, serveResource, serveScreen, signIn, windowOfWidth } from './screen-harness';
import { renderWithHost } from './engine-host';
import { dictionaryHandlers } from './handlers';
import { supplier, supplierRecord, supplierScreen } from './fixtures';

beforeAll(giveElementsASize);
beforeAll(() => appRegistry.formWidgets.load());

const rows = goodsRows(45);
// The bench's goods screen with a phone-sized set of columns and the usual row actions.
const listScreen: Screen = {
  ...goodsScreen,
  list: {
    columns: [{ field: 'image' }, { field: 'name' }, { field: 'sku' }, { field: 'status' }, { field: 'price' }, { field: 'stock' }, { field: 'brand' }],
    pageSize: 10,
    selectable: true,
    rowActions: [DEFAULT_ACTIONS.view, DEFAULT_ACTIONS.edit, DEFAULT_ACTIONS.delete],
    bulkActions: [DEFAULT_ACTIONS.bulkDelete],
  },
};

function openList(list = listScreen) {
  signIn({ admin: true, id: 7 });
  serveScreen('goods/list', list);
  serveResource(goodsDefinition, [], (query) => answerList(rows, query).rows);
  mockServer.use(http.post('*/api/resources/goods/list', async ({ request }) => ok(answerList(rows, (await request.json()) as ListQuery))));
  openScreen('goods/list');
}

const cards = () => [...document.querySelectorAll<HTMLElement>('article.engine-card')];

describe('on a phone', { timeout: 60_000 }, () => {
  let width: ReturnType<typeof windowOfWidth>;
  afterEach(() => {
    cleanup();
    sessionStore.set(null);
    width.restore();
    vi.restoreAllMocks();
  });

  it('draws a list as cards: title, status tag, three key fields, actions behind ⋯, no table', async () => {
    width = windowOfWidth(390);
    openList();
    const first = rows[0]!;
    await screen.findByText(first.name as string, undefined, { timeout: 20_000 });
    expect(document.querySelector('table')).toBeNull();
    expect(cards()).toHaveLength(10);
    const card = cards()[0]!;
    // The title opens the row (the screen's view action); the status is the enum's tag.
    expect(within(card).getByRole('button', { name: first.name as string })).toBeTruthy();
    expect(card.querySelector('.engine-card-status .ant-tag')).toBeTruthy();
    expect(card.querySelector('.engine-card-image')).toBeTruthy();
    expect([...card.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['SKU', '售价', '库存']);
    // Every action is in the ⋯ menu.
    await userEvent.click(within(card).getByRole('button', { name: '更多' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('button').map((item) => item.textContent)).toEqual(['详情', '编辑', '删除']);
    // One line of pager: the total and ‹ page / pages ›.
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-simple')).toBeTruthy();
  });

  it('keeps selection for bulk actions, one card or the whole page', async () => {
    width = windowOfWidth(390);
    openList();
    await screen.findByText(rows[0]!.name as string, undefined, { timeout: 20_000 });
    await userEvent.click(within(cards()[1]!).getByRole('checkbox', { name: '选择此行' }));
    expect(screen.getByText('已选择 1 项')).toBeTruthy();
    expect(cards()[1]!.classList.contains('is-selected')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(screen.getByText('已选择 10 项')).toBeTruthy();
    expect(screen.getByRole('button', { name: /批量删除/ })).toBeTruthy();
  });

  it('follows the screen\'s own card, and turns back into the table on a wider window', async () => {
    width = windowOfWidth(390);
    openList({ ...listScreen, list: { ...listScreen.list!, card: { title: 'sku', subtitle: 'name', fields: ['brand'] } } });
    const first = rows[0]!;
    await screen.findByText(first.name as string, undefined, { timeout: 20_000 });
    const card = cards()[0]!;
    expect(card.querySelector('.engine-card-title')!.textContent).toBe(first.sku);
    expect(card.querySelector('.engine-card-subtitle')!.textContent).toBe(first.name);
    expect(card.querySelector('.engine-card-status')).toBeNull();
    expect([...card.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['品牌']);
    width.resize(1440);
    await waitFor(() => expect(document.querySelector('table')).toBeTruthy());
    expect(cards()).toHaveLength(0);
    expect(screen.getByRole('columnheader', { name: /商品名称/ })).toBeTruthy();
  });

  it('draws a detail one label and value a row, though its groups ask for two columns', async () => {
    width = windowOfWidth(390);
    mockServer.use(...dictionaryHandlers, http.post('*/api/resources/supplier/get', () => ok(supplierRecord())));
    const spec: DetailSpec = { groups: [{ title: { zh: '基本信息', en: 'Basics' }, fields: ['name', 'level', 'credit', 'active'], columns: 2 }] };
    renderWithHost(<DetailRenderer screen={supplierScreen} definition={supplier} spec={spec} id={7} />);
    await screen.findByText('基本信息');
    const lines = [...document.querySelectorAll('.ant-descriptions-row')];
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.querySelectorAll('.ant-descriptions-item-label')).toHaveLength(1);
  });

  it('draws a form in one column, though it asks for two', async () => {
    width = windowOfWidth(390);
    renderWithHost(<FormRenderer screen={supplierScreen} definition={supplier} spec={{ fields: ['name', 'mobile', 'level', 'active'], columns: 2 }} mode="dialog" onSaved={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(document.querySelector('[id^="root-"][id$="_name"]')).toBeTruthy());
    expect(document.querySelector<HTMLElement>('.ef-grid')!.style.gridTemplateColumns).toBe('repeat(1, minmax(0, 1fr))');
    cleanup();
    width.resize(1440);
    renderWithHost(<FormRenderer screen={supplierScreen} definition={supplier} spec={{ fields: ['name', 'mobile', 'level', 'active'], columns: 2 }} mode="dialog" onSaved={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(document.querySelector('[id^="root-"][id$="_name"]')).toBeTruthy());
    expect(document.querySelector<HTMLElement>('.ef-grid')!.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
  });

  it('stands a skeleton of the coming screen\'s shape in its place: cards for a list, one column for a form', () => {
    width = windowOfWidth(390);
    renderWithHost(<ScreenSkeleton kind="list" />);
    expect(document.querySelectorAll('.engine-skel-card')).toHaveLength(4);
    expect(document.querySelector('.engine-skel-table')).toBeNull();
    cleanup();
    renderWithHost(<ScreenSkeleton kind="form" columns={2} />);
    expect(document.querySelector<HTMLElement>('.engine-skel-form')!.style.gridTemplateColumns).toBe('repeat(1, minmax(0, 1fr))');
    cleanup();
    width.resize(1440);
    renderWithHost(<ScreenSkeleton kind="list" />);
    expect(document.querySelectorAll('.engine-skel-row').length).toBeGreaterThan(1);
    expect(document.querySelector('.engine-skel-card')).toBeNull();
    cleanup();
    renderWithHost(<ScreenSkeleton kind="detail" columns={2} />);
    expect(document.querySelector<HTMLElement>('.engine-skel-detail')!.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
  });
});
