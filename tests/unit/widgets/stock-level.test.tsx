import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { appRegistry } from '../../../src/app-registry';
import { StockLevelCell } from '../../../src/widgets/goods/StockLevelCell';
import { renderWidget, testHost } from './render-widget';
import type { ResourceRecord } from '../../../src/contract/resource';

const record = { id: 1, version: 1, team_id: 1, created_by: 1, created_at: 0, updated_at: 0, stock: 0 } as ResourceRecord;

describe('the stockLevel cell', () => {
  it('is registered under the name screens use', () => {
    expect(appRegistry.cells.stockLevel).toBe(StockLevelCell);
  });

  it('shows the quantity with its status: out, low (at or below options.low), enough', () => {
    renderWidget(
      <>
        <StockLevelCell value={0} record={record} field={undefined} options={{}} />
        <StockLevelCell value={8} record={record} field={undefined} options={{ low: 10 }} />
        <StockLevelCell value={1200} record={record} field={undefined} options={{ low: 10 }} />
      </>,
    );
    expect(screen.getByText('0 · 缺货')).toBeTruthy();
    expect(screen.getByText('8 · 紧张')).toBeTruthy();
    expect(screen.getByText('1,200 · 充足')).toBeTruthy();
  });

  it('speaks the console’s language and leaves an empty value faint', () => {
    renderWidget(
      <>
        <StockLevelCell value={3} record={record} field={undefined} options={{}} />
        <StockLevelCell value={null} record={record} field={undefined} options={{}} />
      </>,
      testHost('en'),
    );
    expect(screen.getByText('3 · Low')).toBeTruthy();
    expect(screen.getByText('-')).toBeTruthy();
  });
});
