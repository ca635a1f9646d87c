import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { sessionStore } from '../../../src/shell/auth/session';
import { DEFAULT_ACTIONS } from '../../../src/contract/screen-defaults';
import { LIST_TOTAL_CAP, type ListQuery } from '../../../src/contract/resource';
import type { Screen } from '../../../src/contract/screen';
import { openingListQuery } from '../../../src/engine/list/query';
import { answerList, goodsDefinition, goodsRows } from '../../../bench/fixtures/goods';
import { giveElementsASize, ok, openScreen, serveResource, serveScreen, signIn, windowOfWidth } from './screen-harness';

beforeAll(giveElementsASize);

const rows = goodsRows(45);
const listScreen: Screen = {
  id: 'goods/list',
  version: 1,
  title: { zh: '商品列表', en: 'Goods' },
  kind: 'list',
  resource: 'goods',
  list: {
    columns: [
      { field: 'name', sortable: true },
      { field: 'status', filterable: true },
      { field: 'price', sortable: true },
      { field: 'sales', sortable: true },
      { field: 'brand' },
    ],
    search: { keyword: true, fields: [{ field: 'status' }, { field: 'price' }] },
    defaultSort: [{ field: 'updated_at', order: 'desc' }],
    pageSizes: [10, 20],
    pageSize: 10,
    selectable: true,
    toolbar: [DEFAULT_ACTIONS.create],
    rowActions: [DEFAULT_ACTIONS.edit, DEFAULT_ACTIONS.delete],
    bulkActions: [DEFAULT_ACTIONS.bulkDelete],
  },
};

function open(admin = true, id = 7, screenDrawn = listScreen) {
  signIn({ admin, id });
  serveScreen('goods/list', screenDrawn);
  const queries = serveResource(goodsDefinition, [], (query) => answerList(rows, query).rows);
  // The list's total comes from the same in-memory API.
  mockServer.use(http.post('*/api/resources/goods/list', async ({ request }) => {
    const query = (await request.json()) as ListQuery;
    queries.push(query);
    return ok(answerList(rows, query));
  }));
  openScreen('goods/list');
  return queries;
}

const firstRow = () => screen.findByText(rows[0]!.name as string, undefined, { timeout: 8000 });
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
const last = <T,>(list: T[]) => list[list.length - 1]!;

// The engine and the list renderer load lazily and antd is heavy under jsdom: the first draw takes a while.
describe('the list renderer', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    sessionStore.set(null);
  });

  it('asks for the first page in the default sort and draws its rows, titles and total', async () => {
    const queries = open();
    expect(await firstRow()).toBeTruthy();
    expect(queries[0]).toEqual({ page: 1, pageSize: 10, sort: [{ field: 'updated_at', order: 'desc' }] });
    expect(header('商品名称')).toBeTruthy();
    expect(screen.getByText('共 45 条')).toBeTruthy();
  });

  it('says a capped total is a floor, and offers the pages up to it', async () => {
    signIn({ admin: true });
    serveScreen('goods/list', listScreen);
    mockServer.use(
      http.get('*/api/resources/goods/definition', () => ok(goodsDefinition)),
      http.post('*/api/resources/goods/list', () => ok({ rows: rows.slice(0, 10), total: LIST_TOTAL_CAP, totalCapped: true, page: 1, pageSize: 10 })),
    );
    openScreen('goods/list');
    expect(await firstRow()).toBeTruthy();
    expect(screen.getByText(`共 ${LIST_TOTAL_CAP}+ 条`)).toBeTruthy();
    expect(screen.getByTitle(String(LIST_TOTAL_CAP / 10))).toBeTruthy();
  });

  it('draws one refresh button: a reload action in the screen\'s toolbar says what the list\'s own tool says', async () => {
    const reload = { key: 'reload', kind: 'reload' as const, label: { zh: '刷新', en: 'Reload' }, icon: 'ReloadOutlined' };
    const queries = open(true, 7, { ...listScreen, list: { ...listScreen.list!, toolbar: [DEFAULT_ACTIONS.create, reload] } });
    await firstRow();
    const toolbar = document.querySelector<HTMLElement>('.engine-list-toolbar')!;
    expect(within(toolbar).getAllByRole('button', { name: /刷\s?新/ })).toHaveLength(1);
    await userEvent.click(within(toolbar).getByRole('button', { name: /刷\s?新/ }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
  });

  it('opens with the query a menu click reads ahead: the search form\'s defaults, the sort, the first page', async () => {
    const withDefaults: Screen = { ...listScreen, list: { ...listScreen.list!, search: { keyword: true, fields: [{ field: 'status', default: ['on_sale'] }, { field: 'price' }] } } };
    signIn({ admin: true, id: 7 });
    serveScreen('goods/list', withDefaults);
    const queries = serveResource(goodsDefinition, rows);
    openScreen('goods/list');
    await waitFor(() => expect(queries.length).toBeGreaterThan(0), { timeout: 8000 });
    expect(queries[0]).toEqual(openingListQuery(withDefaults.list!, goodsDefinition));
    expect(queries[0]!.filters).toEqual([{ field: 'status', op: 'eq', value: 'on_sale' }]);
  });

  it('sorts on the server: a click cycles one column, shift-click adds another', async () => {
    const queries = open();
    await firstRow();
    await userEvent.click(within(header('售价')).getByRole('button'));
    await waitFor(() => expect(last(queries).sort).toEqual([{ field: 'price', order: 'asc' }]));
    expect(header('售价').getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(header('售价')).getByRole('button'));
    await waitFor(() => expect(last(queries).sort).toEqual([{ field: 'price', order: 'desc' }]));
    fireEvent.click(within(header('销量')).getByRole('button'), { shiftKey: true });
    await waitFor(() =>
      expect(last(queries).sort).toEqual([
        { field: 'price', order: 'desc' },
        { field: 'sales', order: 'asc' },
      ]),
    );
  });

  it('searches by keyword and fields from page one, and pages on the server', async () => {
    const queries = open();
    await firstRow();
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(last(queries).page).toBe(2));
    await userEvent.type(screen.getByPlaceholderText('输入关键词搜索'), '耳机');
    // The price field is among those the collapsed form leaves out.
    await userEvent.click(screen.getByRole('button', { name: /展\s?开/ }));
    await userEvent.type(screen.getAllByPlaceholderText('最小值')[0]!, '100');
    // Folded away again, the field still searches.
    await userEvent.click(screen.getByRole('button', { name: /收\s?起/ }));
    expect(screen.queryByPlaceholderText('最小值')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() =>
      expect(last(queries)).toEqual({
        page: 1,
        pageSize: 10,
        sort: [{ field: 'updated_at', order: 'desc' }],
        keyword: '耳机',
        filters: [{ field: 'price', op: 'range', value: [10000, null] }],
      }),
    );
  });

  it('names a system field in the search form as its column does, not by its field name', async () => {
    open(true, 7, { ...listScreen, list: { ...listScreen.list!, search: { fields: [{ field: 'created_at' }] } } });
    await firstRow();
    const form = document.querySelector<HTMLElement>('.engine-search')!;
    expect(within(form).getByText('创建时间')).toBeTruthy();
    expect(within(form).queryByText('created_at')).toBeNull();
  });

  it('lays the search form out for the window\'s width, and again when the width changes', async () => {
    const wide = windowOfWidth(1920);
    try {
      open();
      await firstRow();
      // Four fields a row: keyword, status and price all fit, with nothing to expand.
      expect(screen.getByPlaceholderText('最小值')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /展\s?开/ })).toBeNull();
      wide.resize(400);
      await waitFor(() => expect(screen.queryByPlaceholderText('最小值')).toBeNull());
      expect(screen.getByRole('button', { name: /展\s?开/ })).toBeTruthy();
    } finally {
      wide.restore();
    }
  });

  it('fits the table body to the window below its top, and again when the window resizes', async () => {
    const height = window.innerHeight;
    try {
      open();
      await firstRow();
      const scroller = document.querySelector<HTMLElement>('.engine-table-scroll')!;
      const list = document.querySelector<HTMLElement>('.engine-list')!;
      expect(scroller.style.maxHeight).toBe('var(--engine-list-body-height, 480px)');
      // jsdom puts every element at the top: the window less the room kept for the pagination.
      expect(list.style.getPropertyValue('--engine-list-body-height')).toBe(`${height - 96}px`);
      window.innerHeight = 600;
      fireEvent(window, new Event('resize'));
      expect(list.style.getPropertyValue('--engine-list-body-height')).toBe('504px');
      // Never below a usable height.
      window.innerHeight = 300;
      fireEvent(window, new Event('resize'));
      expect(list.style.getPropertyValue('--engine-list-body-height')).toBe('320px');
      // The same height is not written again: the browser would lay the page out again for it.
      const write = vi.spyOn(list.style, 'setProperty');
      fireEvent(window, new Event('resize'));
      expect(write).not.toHaveBeenCalled();
      // Opened again, the list starts at the height it had, drawn with it before it is in the
      // page: its first measurement changes nothing.
      cleanup();
      const written: string[] = [];
      const setProperty = CSSStyleDeclaration.prototype.setProperty;
      const spy = vi.spyOn(CSSStyleDeclaration.prototype, 'setProperty').mockImplementation(function (this: CSSStyleDeclaration, name, value, priority) {
        if (name === '--engine-list-body-height') written.push(`${String(value)}${document.querySelector('.engine-list') ? ' in the page' : ''}`);
        return setProperty.call(this, name, value, priority);
      });
      try {
        open();
        await firstRow();
      } finally {
        spy.mockRestore();
      }
      expect(written).toEqual(['320px']);
    } finally {
      window.innerHeight = height;
    }
  });

  it('draws the rows in view and one more first, and the rows around them once those are painted', async () => {
    // Each count of rows the DOM held, as the commits left it (observers run before the next frame).
    const counts: number[] = [];
    const observer = new MutationObserver(() => {
      const drawn = document.querySelectorAll('.engine-tr:not(.is-skeleton)').length;
      if (drawn && counts.at(-1) !== drawn) counts.push(drawn);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      signIn({ admin: true, id: 7 });
      serveScreen('goods/list', { ...listScreen, list: { ...listScreen.list!, pageSizes: [10, 50], pageSize: 50 } });
      serveResource(goodsDefinition, rows);
      openScreen('goods/list');
      // A 600 px scroller holds 13 rows of 47 px: 13 and 1, then 13 and 8.
      await waitFor(() => expect(counts.at(-1)).toBe(21), { timeout: 8000 });
      expect(counts).toEqual([14, 21]);
    } finally {
      observer.disconnect();
    }
  });

  it('filters from a column header into the same query', async () => {
    const queries = open();
    await firstRow();
    await userEvent.click(within(header('状态')).getByRole('button', { name: '筛选' }));
    const popover = await screen.findByRole('tooltip');
    await userEvent.click(within(popover).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('草稿'));
    await userEvent.click(within(popover).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(last(queries).filters).toEqual([{ field: 'status', op: 'eq', value: 'draft' }]));
  });

  it('remembers hidden columns per user and screen', async () => {
    open(true, 7);
    await firstRow();
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '品牌' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '品牌' })).toBeNull());
    cleanup();

    open(true, 7);
    await firstRow();
    expect(screen.queryByRole('columnheader', { name: '品牌' })).toBeNull();
    cleanup();

    // Another user on the same browser has settings of their own.
    open(true, 8);
    await firstRow();
    expect(screen.getByRole('columnheader', { name: '品牌' })).toBeTruthy();
  });

  it('deletes the selected rows after a confirm, then reloads', async () => {
    const queries = open();
    let deleted: unknown;
    mockServer.use(
      http.post('*/api/resources/goods/bulk-delete', async ({ request }) => {
        deleted = await request.json();
        return ok({ deleted: 2 });
      }),
    );
    await firstRow();
    const boxes = screen.getAllByRole('checkbox', { name: '选择此行' });
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[2]!);
    expect(screen.getByText('已选择 2 项')).toBeTruthy();
    const before = queries.length;
    await userEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('确定删除选中的记录吗？')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(deleted).toEqual({ ids: [rows[0]!.id, rows[2]!.id] }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByText('已选择 2 项')).toBeNull());
  });

  it('deletes one row with the version it read', async () => {
    open();
    let body: unknown;
    mockServer.use(
      http.post('*/api/resources/goods/delete', async ({ request }) => {
        body = await request.json();
        return ok(null);
      }),
    );
    await firstRow();
    await userEvent.click(screen.getAllByRole('button', { name: /删\s?除/ })[0]!);
    await userEvent.click(await screen.findByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(body).toEqual({ id: rows[0]!.id, version: rows[0]!.version }));
  });

  it('says so when nothing matches, and offers a retry when the list fails', async () => {
    signIn({ admin: true });
    serveScreen('goods/list', listScreen);
    let fail = true;
    mockServer.use(
      http.get('*/api/resources/goods/definition', () => ok(goodsDefinition)),
      http.post('*/api/resources/goods/list', () => (fail ? HttpResponse.json({ code: 500, msg: '数据库忙', data: null }, { status: 500 }) : ok({ rows: [], total: 0, page: 1, pageSize: 10 }))),
    );
    openScreen('goods/list');
    expect(await screen.findByText('数据加载失败', undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('数据库忙')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });
});
