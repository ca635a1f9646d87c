import { describe, expect, it } from 'vitest';
import { buildListQuery, exportQuery, pageSizesOf, searchModels } from '../../../src/engine/list/query';
import { mergeSettings, screenDefaults } from '../../../src/engine/list/column-settings';
import { treeOf } from '../../../src/engine/list/tree';
import { goodsDefinition, goodsScreen } from '../../../bench/fixtures/goods';
import type { ResourceRecord } from '../../../src/contract/resource';
import type { ListSpec } from '../../../src/contract/screen';

const spec: ListSpec = {
  ...goodsScreen.list!,
  filters: [{ field: 'warehouse', op: 'eq', value: 'hz' }],
  search: {
    keyword: true,
    fields: [{ field: 'status' }, { field: 'price' }, { field: 'launched_on' }, { field: 'updated_at' }, { field: 'is_hot' }, { field: 'supplier_id' }, { field: 'brand', widget: 'text' }, { field: 'gone' }],
  },
};
const models = searchModels(spec, goodsDefinition);
const state = { search: { fields: {} }, sort: [], page: 1, pageSize: 20 };

describe('the query a list sends', () => {
  it('picks each search field a widget by its type, and drops fields the resource lacks', () => {
    expect(models.map((m) => [m.field, m.widget])).toEqual([
      ['status', 'select'],
      ['price', 'numberRange'],
      ['launched_on', 'dateRange'],
      ['updated_at', 'dateRange'],
      ['is_hot', 'select'],
      ['supplier_id', 'lookup'],
      ['brand', 'text'],
    ]);
  });

  it('always carries the screen’s fixed filters, the page and the sort', () => {
    expect(buildListQuery(spec, models, { ...state, sort: [{ field: 'price', order: 'desc' }, { field: 'sales', order: 'asc' }], page: 3, pageSize: 50 })).toEqual({
      page: 3,
      pageSize: 50,
      sort: [
        { field: 'price', order: 'desc' },
        { field: 'sales', order: 'asc' },
      ],
      filters: [{ field: 'warehouse', op: 'eq', value: 'hz' }],
    });
  });

  it('turns each search value into its typed filter, and leaves empty ones out', () => {
    const query = buildListQuery(spec, models, {
      ...state,
      search: {
        keyword: '  耳机 ',
        fields: {
          status: ['on_sale', 'draft'],
          price: [12.5, null],
          launched_on: ['2026-11-01', '2026-11-30'],
          updated_at: ['2026-11-01', null],
          is_hot: 'true',
          supplier_id: [4],
          brand: '  ',
        },
      },
    });
    expect(query.keyword).toBe('耳机');
    expect(query.filters).toEqual([
      { field: 'warehouse', op: 'eq', value: 'hz' },
      { field: 'status', op: 'in', value: ['on_sale', 'draft'] },
      // Money is typed in yuan and kept in fen.
      { field: 'price', op: 'range', value: [1250, null] },
      { field: 'launched_on', op: 'dateRange', value: ['2026-11-01', '2026-11-30'] },
      // Times are compared in epoch ms, from the first ms of the day.
      { field: 'updated_at', op: 'dateRange', value: [new Date(2026, 10, 1).getTime(), null] },
      { field: 'is_hot', op: 'eq', value: true },
      { field: 'supplier_id', op: 'eq', value: 4 },
    ]);
  });

  it('ignores the keyword when the screen offers no keyword search', () => {
    const query = buildListQuery({ ...spec, search: { fields: [] } }, [], { ...state, search: { keyword: 'x', fields: {} } });
    expect(query.keyword).toBeUndefined();
  });

  it('offers the screen’s page sizes and starts with its own', () => {
    expect(pageSizesOf({ columns: [{ field: 'a' }] })).toEqual({ sizes: [10, 20, 50, 100], initial: 20 });
    expect(pageSizesOf({ columns: [{ field: 'a' }], pageSizes: [10, 30], pageSize: 25 })).toEqual({ sizes: [10, 25, 30], initial: 25 });
  });

  it('exports what the list shows, without its page', () => {
    expect(exportQuery({ page: 2, pageSize: 20, keyword: 'k', sort: [{ field: 'a', order: 'asc' }] })).toEqual({ keyword: 'k', sort: [{ field: 'a', order: 'asc' }] });
  });
});

describe('column settings', () => {
  const columns = [{ field: 'a' }, { field: 'b', fixed: 'left' as const }, { field: 'c', hidden: true }];
  const defaults = screenDefaults(columns);

  it('start from the screen: its order, hidden and fixed columns', () => {
    expect(defaults).toEqual({ order: ['a', 'b', 'c'], hidden: ['c'], pinned: { b: 'start' }, density: 'middle' });
  });

  it('keep the user’s choices, forget removed columns, and give new ones the screen’s settings and place', () => {
    const saved = { order: ['c', 'gone', 'a'], hidden: ['a', 'gone'], pinned: { a: 'end' as const }, density: 'small' as const };
    const next = screenDefaults([...columns, { field: 'd', hidden: true }]);
    // b and d are new to this user: each follows the column it follows in the screen.
    expect(mergeSettings(saved, next)).toEqual({ order: ['c', 'd', 'a', 'b'], hidden: ['a', 'd'], pinned: { a: 'end', b: 'start' }, density: 'small' });
  });

  it('fall back to the screen’s for anything unreadable', () => {
    expect(mergeSettings({ order: 'x' as unknown as string[], density: 'huge' as 'small' }, defaults)).toEqual(defaults);
  });
});

describe('tree rows', () => {
  const row = (id: number, parent: number | null) => ({ id, parent_id: parent }) as unknown as ResourceRecord;

  it('nests records under parents on the page; orphans and cycles become roots', () => {
    const { roots, children } = treeOf([row(1, null), row(2, 1), row(3, 2), row(4, 99), row(5, 6), row(6, 5)], 'parent_id');
    expect(roots.map((r) => r.id)).toEqual([1, 4, 5]);
    expect(children.get(1)?.map((r) => r.id)).toEqual([2]);
    expect(children.get(2)?.map((r) => r.id)).toEqual([3]);
    expect(children.get(5)?.map((r) => r.id)).toEqual([6]);
    expect(children.has(6)).toBe(false);
  });
});
