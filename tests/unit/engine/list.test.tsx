import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { sessionStore } from '../../../src/shell/auth/session';
import { DEFAULT_ACTIONS } from '../../../src/contract/screen-defaults';
import type { ListQuery } from '../../../src/contract/resource';
import type { Screen } from '../../../src/contract/screen';
import { answerList, goodsDefinition, goodsRows } from '../../../bench/fixtures/goods';
import { giveElementsASize, ok, openScreen, serveResource, serveScreen, signIn } from './screen-harness';

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

function open(admin = true, id = 7) {
  signIn({ admin, id });
  serveScreen('goods/list', listScreen);
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
describe('the list renderer', { timeout: 20_000 }, () => {
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
    await userEvent.type(screen.getAllByPlaceholderText('最小值')[0]!, '100');
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
