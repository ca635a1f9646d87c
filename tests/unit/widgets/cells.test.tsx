import { afterEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { mockServer } from '../setup';
import { ok } from '../engine/screen-harness';
import { forgetLookupLabels } from '../../../src/engine/options';
import { navigated, renderWidget } from './render-widget';
import { appRegistry } from '../../../src/app-registry';
import { cellNameOf, type CellProps } from '../../../src/widgets/interface/registry';
import { BUILTIN_CELLS } from '../../../src/widgets/cells';
import type { ListQuery, ResourceField, ResourceRecord } from '../../../src/contract/resource';

const record = { id: 5, version: 1, team_id: 1, created_by: 1, created_at: 0, updated_at: 0 } as ResourceRecord;
const field = (type: ResourceField['type'], extra: Partial<ResourceField> = {}): ResourceField => ({ name: 'f', title: { zh: '字段', en: 'Field' }, type, ...extra });

function draw(name: string, value: unknown, props: Partial<CellProps> = {}) {
  return renderWidget(<div data-testid="cell">{createElement(appRegistry.cells[name]!, { value, record, field: undefined, options: {}, ...props })}</div>);
}
const text = () => screen.getByTestId('cell').textContent;

describe('built-in cells', () => {
  afterEach(() => forgetLookupLabels());

  it('are registered under their names', () => {
    for (const name of Object.keys(BUILTIN_CELLS)) expect(appRegistry.cells[name]).toBe(BUILTIN_CELLS[name as keyof typeof BUILTIN_CELLS]);
  });

  it('follow the field type when a column names none', () => {
    expect(cellNameOf(undefined, field('money'), 'f')).toBe('money');
    expect(cellNameOf(undefined, field('lookup'), 'f')).toBe('lookup');
    expect(cellNameOf(undefined, undefined, 'updated_at')).toBe('datetime');
    expect(cellNameOf(undefined, undefined, 'team_id')).toBe('text');
    expect(cellNameOf('stockLevel', field('integer'), 'f')).toBe('stockLevel');
  });

  it('show money kept in fen as yuan', () => {
    draw('money', 123456);
    expect(text()).toBe('¥1,234.56');
  });

  it('show numbers grouped, with a fixed precision and a unit when asked', () => {
    draw('number', 1234.5, { options: { precision: 2, suffix: ' kg' } });
    expect(text()).toBe('1,234.50 kg');
  });

  it('show dates and times; 10-digit times are seconds', () => {
    draw('datetime', new Date(2026, 10, 21, 9, 5, 7).getTime());
    expect(text()).toBe('2026-11-21 09:05:07');
    draw('datetime', Math.floor(new Date(2026, 0, 2, 3, 4, 5).getTime() / 1000));
    expect(screen.getAllByTestId('cell')[1]!.textContent).toBe('2026-01-02 03:04:05');
  });

  it('show a faint dash for an empty value', () => {
    draw('text', null);
    expect(text()).toBe('-');
  });

  it('draw rich text without its tags', () => {
    draw('text', '<p>Hello <b>world</b><script>x</script></p>', { field: field('richtext') });
    expect(text()).toBe('Hello world x');
    expect(screen.getByTestId('cell').querySelector('b, script')).toBeNull();
  });

  it('tag yes and no', () => {
    draw('boolean', 1);
    expect(text()).toBe('是');
  });

  it('tag an enum value with its label and colour', () => {
    draw('enum', 'on', { field: field('enum', { options: [{ value: 'on', label: { zh: '在售', en: 'On sale' }, color: 'green' }] }) });
    expect(text()).toBe('在售');
    expect(screen.getByText('在售').className).toContain('ant-tag-green');
  });

  it('label a dictionary value from the dictionaries resource', async () => {
    mockServer.use(
      http.post('*/api/resources/dictionaries/list', () => ok({ rows: [{ id: 3, code: 'color' }], total: 1, page: 1, pageSize: 1 })),
      http.post('*/api/resources/dictionary_items/list', () => ok({ rows: [{ value: 'r', label_zh: '红色', label_en: 'Red' }], total: 1, page: 1, pageSize: 1000 })),
    );
    draw('dict', 'r', { field: field('dict', { dict: 'color' }) });
    await waitFor(() => expect(text()).toBe('红色'));
  });

  it('label looked-up records, with one request for every cell of a page', async () => {
    const asked: ListQuery[] = [];
    mockServer.use(
      http.post('*/api/resources/suppliers/list', async ({ request: req }) => {
        asked.push((await req.json()) as ListQuery);
        return ok({ rows: [{ id: 1, name: '甲供应商' }, { id: 2, name: '乙供应商' }], total: 2, page: 1, pageSize: 3 });
      }),
    );
    const supplier = field('lookup', { lookup: { resource: 'suppliers', label: 'name' } });
    renderWidget(
      [1, 2, 1, 9].map((id, i) => (
        <div key={i} data-testid="lookup">
          {createElement(appRegistry.cells.lookup!, { value: id, record, field: supplier, options: {} })}
        </div>
      )),
    );
    await waitFor(() => expect(screen.getAllByTestId('lookup').map((n) => n.textContent)).toEqual(['甲供应商', '乙供应商', '甲供应商', '#9']));
    expect(asked).toEqual([{ filters: [{ field: 'id', op: 'in', value: [1, 2, 9] }], pageSize: 3 }]);
  });

  it('show the label a row carries for its lookup, without reading the looked-up resource', async () => {
    let asked = 0;
    mockServer.use(http.post('*/api/resources/users/list', () => ((asked += 1), ok({ rows: [], total: 0, page: 1, pageSize: 1 }))));
    const owner = field('lookup', { name: 'owner', lookup: { resource: 'users', label: 'name' } });
    const row = (labels: Record<string, string>) => ({ ...record, owner: 54, _labels: labels }) as unknown as ResourceRecord;
    draw('lookup', 54, { record: row({ owner: '王小美' }), field: owner });
    draw('lookup', 3, { record: row({}), field: owner });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByTestId('cell').map((n) => n.textContent)).toEqual(['王小美', '#3']);
    expect(asked).toBe(0);
  });

  it('link files and web addresses, but never a script URL', () => {
    draw('file', '/uploads/2026/%E5%90%88%E5%90%8C.pdf');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/uploads/2026/%E5%90%88%E5%90%8C.pdf');
    expect(text()).toContain('合同.pdf');
    draw('link', 'javascript:alert(1)');
    expect(screen.getAllByTestId('cell')[1]!.querySelector('a')).toBeNull();
  });

  it('link into the console with a template filled from the record', async () => {
    draw('link', '详情', { options: { href: '/goods/detail?id={{record.id}}' } });
    screen.getByRole('link').click();
    expect(navigated.at(-1)).toBe('/goods/detail?id=5');
  });
});
