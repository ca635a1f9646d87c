import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { actions, blocks, cells, formWidgets } from '../../../src/widgets/registries';
import { MissingWidget } from '../../../src/widgets/MissingWidget';
import { renderWidget, testHost } from './render-widget';

describe('widget registries', () => {
  it.each([
    ['form widget', formWidgets],
    ['cell widget', cells],
    ['action widget', actions],
    ['block widget', blocks],
  ] as const)('refuse a second %s of one name unless the override is explicit', (kind, registry) => {
    const first = () => null;
    const second = () => null;
    const reg = registry as unknown as { register(name: string, entry: unknown, options?: { override?: boolean }): void; get(name: string): unknown };
    reg.register('test.twice', first);
    expect(() => reg.register('test.twice', second)).toThrow(`${kind} "test.twice" is already registered`);
    expect(reg.get('test.twice')).toBe(first);
    reg.register('test.twice', second, { override: true });
    expect(reg.get('test.twice')).toBe(second);
  });

  it('leave a visible placeholder naming the widget nobody registered, in the console’s language', () => {
    renderWidget(
      <>
        <MissingWidget kind="form" name="richPicker" />
        <MissingWidget kind="cell" name="quoteStatus" />
      </>,
    );
    expect(screen.getAllByRole('note')).toHaveLength(2);
    expect(screen.getByText('未注册的表单组件：richPicker')).toBeTruthy();
    expect(screen.getByText('未注册的单元格组件：quoteStatus')).toBeTruthy();
    renderWidget(<MissingWidget kind="block" name="salesChart" />, testHost('en'));
    expect(screen.getByText('Unregistered block widget: salesChart')).toBeTruthy();
  });
});
