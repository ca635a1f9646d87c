import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt } from '../render-at';
import type { MenuItem } from '../../../src/contract/api/auth';
import ConsoleLayout from '../../../src/shell/layout/ConsoleLayout';
import { sessionStore } from '../../../src/shell/auth/session';
import { serveQuietFrame, signInSeller } from './seller-session';
import { deviceStore, themeStore } from '../../../src/shell/theme/settings-store';
import { defaultTheme } from '../../../src/shell/theme/theme';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const MENU: MenuItem[] = [
  { path: '/goods/list', name: 'GoodsList', icon: '', hidden: false, vue_path: 'goods/list', title: { zh: '商品列表', en: 'Goods' }, permission: '', children: [] },
];

const tools = () => within(document.querySelector<HTMLElement>('.console-tools')!);

/** Issue 18: in 390 px the header keeps the logo, the menu button, notices, chat and the avatar menu. */
describe('the console frame on a phone', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInSeller(MENU);
    serveQuietFrame();
    themeStore.set(defaultTheme);
    deviceStore.set('mobile');
    renderAt([{ path: '/', element: <ConsoleLayout />, children: [{ path: '*', element: <p>page content</p> }] }], '/goods/list');
  });
  afterEach(() => {
    cleanup();
    sessionStore.set(null);
    deviceStore.set('desktop');
  });

  it('keeps notices, chat and the avatar in the header, and moves every other tool into the avatar menu', async () => {
    expect(tools().getByRole('button', { name: '通知' })).toBeTruthy();
    expect(tools().getByRole('button', { name: '消息' })).toBeTruthy();
    expect(tools().getByTestId('user-menu')).toBeTruthy();
    for (const name of ['全屏', '刷新当前页', '语言', '主题配置', '锁屏', '切换到暗黑模式']) expect(tools().queryByRole('button', { name })).toBeNull();
    expect(tools().queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('button', { name: '展开菜单' })).toBeTruthy();

    fireEvent.mouseEnter(tools().getByTestId('user-menu'));
    const menu = within(await screen.findByRole('menu'));
    for (const name of ['个人中心', '刷新当前页', '语言', '主题配置', '切换到暗黑模式', '锁屏', '退出登录']) {
      expect(menu.getByRole('menuitem', { name: new RegExp(name) })).toBeTruthy();
    }
  });

  it('offers in the theme drawer only what applies on a phone: no layouts, menu width or header tool switches', async () => {
    fireEvent.mouseEnter(tools().getByTestId('user-menu'));
    const menu = within(await screen.findByRole('menu'));
    await act(async () => fireEvent.click(menu.getByRole('menuitem', { name: /主题配置/ })));
    const drawer = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(drawer.getByRole('switch', { name: '暗黑模式' })).toBeTruthy());
    expect(drawer.queryByRole('button', { name: '分栏' })).toBeNull();
    expect(drawer.queryByText('菜单宽度')).toBeNull();
    expect(drawer.queryByRole('switch', { name: /全屏/ })).toBeNull();
  });
});
