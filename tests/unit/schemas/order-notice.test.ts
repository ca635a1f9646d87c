import { describe, expect, it } from 'vitest';
import type { Screen } from '../../../src/contract/screen';
import orderNotice from '../../../schemas/goods/order-notice.json';

describe('订单通知 (goods/order-notice)', () => {
  const screen = orderNotice as unknown as Screen;

  it('is a read-only feed: its rows offer details only, and it has no form, selection or bulk action', () => {
    expect(screen.list?.rowActions?.map((a) => a.kind)).toEqual(['view']);
    expect(screen.list?.toolbar?.map((a) => a.kind)).toEqual(['export']);
    expect(screen.list?.bulkActions ?? []).toEqual([]);
    expect(screen.list?.selectable ?? false).toBe(false);
    expect(screen.form).toBeUndefined();
  });
});
