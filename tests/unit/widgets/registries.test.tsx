import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { appRegistry } from '../../../src/app-registry';
import { extendRegistry, widgetOf } from '../../../src/widgets/interface/registry';
import { MissingWidget } from '../../../src/widgets/MissingWidget';
import { renderWidget, testHost } from './render-widget';

describe('widget registries', () => {
  it.each([
    ['cell', 'cells'],
    ['action', 'actions'],
    ['block', 'blocks'],
  ] as const)('refuse a second %s widget of one name unless the override is explicit', (kind, key) => {
    const first = () => null;
    const second = () => null;
    const once = extendRegistry(appRegistry, { [key]: { 'test.twice': first } });
    expect(() => extendRegistry(once, { [key]: { 'test.twice': second } })).toThrow(`${kind} widget "test.twice" is already registered`);
    expect(widgetOf(once, kind, 'test.twice')).toBe(first);
    expect(widgetOf(extendRegistry(once, { [key]: { 'test.twice': second } }, { override: true }), kind, 'test.twice')).toBe(second);
    // The app's own registry is a value: extending it changed nothing there.
    expect(Object.hasOwn(appRegistry[key], 'test.twice')).toBe(false);
  });

  it('refuse a second form widget of one name, when the form widgets load', async () => {
    const twice = extendRegistry(appRegistry, { formWidgets: { text: () => null } });
    await expect(twice.formWidgets.load()).rejects.toThrow('form widget "text" is already registered');
    const replaced = () => null;
    const overridden = extendRegistry(appRegistry, { formWidgets: { text: replaced } }, { override: true });
    expect((await overridden.formWidgets.load()).text).toBe(replaced);
  });

  it('answer one placeholder per kind and name for a widget nobody registered, never an inherited name', () => {
    expect(widgetOf(appRegistry, 'cell', 'toString')).toBe(widgetOf(appRegistry, 'cell', 'toString'));
    expect(widgetOf(appRegistry, 'cell', 'quoteStatus')).not.toBe(widgetOf(appRegistry, 'block', 'quoteStatus'));
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
