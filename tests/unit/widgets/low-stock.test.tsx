import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { mockServer } from '../setup';
import { ok, page } from '../engine/handlers';
import { goodsDefinition } from '../../../bench/fixtures/goods';
import LowStockBlock from '../../../src/widgets/goods/LowStockBlock';
import type { ListQuery } from '../../../src/contract/resource';
import type { Screen } from '../../../src/contract/screen';
import { renderWidget } from './render-widget';

const dashboard: Screen = { id: 'goods/dashboard', version: 1, title: { zh: '看板', en: 'Dashboard' }, kind: 'block', block: { widget: 'lowStock' } };

describe('the lowStock block (a bespoke widget on the list controller)', () => {
  it('asks the data provider for the goods at or below the limit, fewest first, and pages them', async () => {
    const asked: ListQuery[] = [];
    mockServer.use(
      http.get('*/api/resources/goods/definition', () => ok(goodsDefinition)),
      http.post('*/api/resources/goods/list', async ({ request }) => {
        const query = (await request.json()) as ListQuery;
        asked.push(query);
        return ok({ ...page(query.page === 2 ? [{ id: 11, name: '螺丝刀', stock: 5 }] : [{ id: 3, name: '扳手', stock: 0 }]), total: 11, page: query.page ?? 1, pageSize: 10 });
      }),
    );
    renderWidget(<LowStockBlock screen={dashboard} options={{ low: 5 }} />);
    expect(await screen.findByText('扳手')).toBeTruthy();
    expect(screen.getByText('0 · 缺货')).toBeTruthy();
    expect(asked[0]).toEqual({ page: 1, pageSize: 10, sort: [{ field: 'stock', order: 'asc' }], filters: [{ field: 'stock', op: 'range', value: [null, 5] }] });
    screen.getByTitle('2').click();
    expect(await screen.findByText('螺丝刀')).toBeTruthy();
    await waitFor(() => expect(asked.at(-1)?.page).toBe(2));
    expect(screen.getByText('5 · 紧张')).toBeTruthy();
  });
});
