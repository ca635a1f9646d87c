/** The goodsManagement block as a reader and as a writer sees it: the batch buttons, or a note that they only look. */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { mockServer } from '../setup';
import { ok } from '../engine/handlers';
import ManagementBlock from '../../../src/widgets/goods/ManagementBlock';
import type { GoodsManagementList, GoodsManagementOverview } from '../../../src/contract/api/goods-management';
import type { Screen } from '../../../src/contract/screen';
import { renderWidget } from './render-widget';

// antd's tabs and table measure themselves with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const management: Screen = { id: 'goods/management', version: 1, title: { zh: '商品管理', en: 'Goods management' }, kind: 'block', block: { widget: 'goodsManagement' } };

const overview = (can_apply: boolean): GoodsManagementOverview => ({
  team_id: 1,
  team_name: '华南采购一部',
  teams: [],
  can_apply,
  total: 3,
  on_sale: 2,
  off_sale: 1,
  draft: 0,
  categories: [
    { category: '数码', total: 2, on_sale: 2, off_sale: 0, draft: 0 },
    { category: '服饰', total: 1, on_sale: 0, off_sale: 1, draft: 0 },
  ],
});

const goods: GoodsManagementList = {
  total: 1,
  rows: [{ id: 7, sku: 'SM01-11', name: '蓝牙耳机', category: '数码', brand: 'QCY', spec: '白色', image: '', price_fen: 16900, cost_fen: 9000, stock: 8, status: 'on_sale', version: 2 }],
};

function serve(canApply: boolean) {
  mockServer.use(
    http.get('*/api/goods/management/overview', () => ok(overview(canApply))),
    http.post('*/api/goods/management/goods', () => ok(goods)),
    http.get('*/api/goods/management/batches', () => ok({ total: 0, rows: [] })),
  );
}

describe('the goodsManagement block', { timeout: 30_000 }, () => {
  it('offers a writer the batch buttons and the categories with their counts', async () => {
    serve(true);
    renderWidget(<ManagementBlock screen={management} options={{}} />);
    expect(await screen.findByText('蓝牙耳机')).toBeTruthy();
    expect(screen.getByText('在售 2 · 下架 1 · 草稿 0')).toBeTruthy();
    expect(screen.getByText('勾选商品后可批量上架、下架、调价、调库存或改类目')).toBeTruthy();
    const reprice = screen.getByRole('button', { name: /调\s*价/ });
    expect((reprice as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('您只有查看权限，不能执行批量操作')).toBeNull();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '类目操作：数码' })).toBeTruthy();
  });

  it('shows a reader the goods and a note, no batch buttons and no category actions', async () => {
    serve(false);
    renderWidget(<ManagementBlock screen={management} options={{}} />);
    expect(await screen.findByText('蓝牙耳机')).toBeTruthy();
    expect(screen.getByText('您只有查看权限，不能执行批量操作')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /调\s*价/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /类目操作/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
