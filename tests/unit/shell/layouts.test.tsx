import { use } from 'react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../render-at';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MenuItem } from '../../../src/contract/api/auth';
import ConsoleLayout from '../../../src/shell/layout/ConsoleLayout';
import { sessionStore } from '../../../src/shell/auth/session';
import { serveQuietFrame, signInSeller } from './seller-session';
import { collapseStore, deviceStore, setMode, themeStore } from '../../../src/shell/theme/settings-store';
import { updateTheme } from '../../../src/shell/theme/theme-store';
import { defaultTheme, LAYOUTS, type LayoutName, type Theme } from '../../../src/shell/theme/theme';

// antd's horizontal menu measures itself with ResizeObserver, which jsdom lacks; nothing here needs sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const page = (path: string, zh: string, en: string, children: MenuItem[] = [], hidden = false): MenuItem => ({
  path,
  name: en.replace(/\s/g, ''),
  icon: children.length > 0 ? 'AppstoreOutlined' : '',
  hidden,
  vue_path: children.length > 0 ? '' : path.slice(1),
  title: { zh, en },
  permission: '',
  children,
});

const MENU: MenuItem[] = [
  page('/common', '常用功能', 'Common', [page('/common/info/question', '我要询价', 'Ask Price')]),
  page('/goods', '商品', 'Goods', [page('/goods/list', '商品列表', 'Goods List'), page('/goods/comment', '商品评论', 'Goods Comment')]),
  page('/bill', '对账', 'Reconciliation', [
    page('/bill/core', '代购对账', 'Buyer-agent', [page('/bill/core/douyin', '抖音订单', 'Douyin Orders')]),
    page('/bill/store', '店铺账单', 'Store Bills'),
  ]),
  page('/main', '个人', 'Personal', [page('/main/user-center', '个人中心', 'User Center', [], true)], true),
];

function open(path = '/goods/list', theme: Partial<Theme> = {}) {
  themeStore.set({ ...defaultTheme, ...theme });
  return renderAt(
    [{ path: '/', element: <ConsoleLayout />, children: [{ path: '*', element: <p>page content</p> }] }],
    path,
  );
}

const menuNav = () => screen.getByRole('navigation', { name: '菜单' });
const sider = () => document.querySelector<HTMLElement>('.ant-layout-sider');

// jsdom draws the whole frame (and the theme drawer) slowly on a busy machine.
describe('the console layouts', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInSeller(MENU);
    serveQuietFrame();
    deviceStore.set('desktop');
    collapseStore.set(false);
  });
  afterEach(() => {
    cleanup();
    sessionStore.set(null);
    themeStore.set(defaultTheme);
  });

  it.each(LAYOUTS)('%s draws a menu, the routed view and the footer', (layout: LayoutName) => {
    open('/goods/list', { layout });
    expect(screen.getByTestId('console').className).toContain(`console--${layout}`);
    expect(screen.getByText('page content')).toBeTruthy();
    expect(screen.getByText(/© \d{4} 电商卖家控制台 版权所有/)).toBeTruthy();
    expect(screen.getAllByText('商品').length).toBeGreaterThan(0);
  });

  it('comprehensive: the whole menu at the side, breadcrumbs in the header', () => {
    open('/goods/list');
    const side = within(sider()!);
    expect(side.getByText('常用功能')).toBeTruthy();
    expect(side.getByRole('menuitem', { name: '商品列表' }).className).toContain('ant-menu-item-selected');
    expect(within(document.querySelector('.console-breadcrumb')!).getByText('商品列表')).toBeTruthy();
  });

  it('vertical: the side menu carries the brand and the header has no breadcrumbs', () => {
    open('/goods/list', { layout: 'vertical' });
    expect(within(sider()!).getByText('电商卖家控制台')).toBeTruthy();
    expect(within(sider()!).getByRole('menuitem', { name: '商品列表' })).toBeTruthy();
    expect(document.querySelector('.console-breadcrumb')).toBeNull();
  });

  it('horizontal: the menu is a bar in the header and there is no side column', () => {
    open('/goods/list', { layout: 'horizontal' });
    expect(sider()).toBeNull();
    const bar = document.querySelector<HTMLElement>('.console-header .ant-menu-horizontal')!;
    expect(within(bar).getByText('对账')).toBeTruthy();
  });

  it('column: the groups in the first column, the open group’s pages in the second', () => {
    const router = open('/goods/list', { layout: 'column' });
    const rail = within(menuNav());
    expect(rail.getByRole('button', { name: '商品' }).getAttribute('aria-current')).toBe('page');
    expect(within(sider()!).getByText('商品评论')).toBeTruthy();
    expect(within(sider()!).queryByText('我要询价')).toBeNull();
    fireEvent.click(rail.getByRole('button', { name: '对账' }));
    expect(router.state.location.pathname).toBe('/bill/core/douyin');
    expect(within(sider()!).getByRole('menuitem', { name: '抖音订单' })).toBeTruthy();
  });

  it.each(['horizontal', 'vertical', 'card', 'arrow', 'semicircle'] as const)('column: draws the %s column style', (columnStyle) => {
    open('/goods/list', { layout: 'column', columnStyle });
    expect(menuNav().className).toContain(`console-rail--${columnStyle}`);
  });

  it('fall: every group open at once, the fold button hiding the panel', () => {
    open('/goods/list', { layout: 'fall' });
    const panel = within(menuNav());
    for (const title of ['我要询价', '商品评论', '抖音订单', '店铺账单']) expect(panel.getByRole('link', { name: title })).toBeTruthy();
    expect(panel.getByText('代购对账')).toBeTruthy();
    expect(panel.getByRole('link', { name: '商品列表' }).className).toContain('active');
    fireEvent.click(screen.getByRole('button', { name: '收起菜单' }));
    expect(screen.queryByRole('navigation', { name: '菜单' })).toBeNull();
  });

  it('common: the groups in the header, the open group’s pages at the side', () => {
    const router = open('/goods/list', { layout: 'common' });
    const bar = within(document.querySelector<HTMLElement>('.console-header .ant-menu-horizontal')!);
    expect(bar.getByText('常用功能')).toBeTruthy();
    expect(within(sider()!).getByRole('menuitem', { name: '商品评论' })).toBeTruthy();
    expect(within(sider()!).queryByText('我要询价')).toBeNull();
    fireEvent.click(bar.getByText('常用功能'));
    expect(router.state.location.pathname).toBe('/common/info/question');
  });

  it('collapses the side menu to its icons and remembers it', () => {
    open('/goods/list');
    fireEvent.click(screen.getByRole('button', { name: '收起菜单' }));
    expect(sider()!.className).toContain('ant-layout-sider-collapsed');
    expect(localStorage.getItem('collapse')).toBe('true');
  });

  it('on a phone every layout is vertical with the menu in a drawer', async () => {
    deviceStore.set('mobile');
    const router = open('/goods/list', { layout: 'column' });
    expect(screen.getByTestId('console').className).toContain('console--mobile');
    expect(sider()).toBeNull();
    expect(screen.queryByRole('menuitem', { name: '商品列表' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开菜单' }));
    const drawer = within(await screen.findByRole('dialog'));
    fireEvent.click(drawer.getByRole('menuitem', { name: '商品评论' }));
    expect(router.state.location.pathname).toBe('/goods/comment');
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });

  it('shows each header tool until its switch is turned off', async () => {
    open('/goods/list');
    const tools = () => within(document.querySelector<HTMLElement>('.console-tools')!);
    const named = ['通知', '全屏', '刷新当前页', '语言', '主题配置', '锁屏', '切换到暗黑模式'];
    for (const name of named) expect(tools().getByRole('button', { name })).toBeTruthy();
    expect(tools().getByRole('combobox', { name: '搜索菜单' })).toBeTruthy();
    expect(tools().queryByRole('button', { name: '字体大小' })).toBeNull();

    act(() =>
      updateTheme({
        showNotice: false, showFullScreen: false, showRefresh: false, showLanguage: false, showTheme: false, showLock: false,
        showDark: false, showSearch: false, showFontSize: true,
      }),
    );
    for (const name of named) expect(tools().queryByRole('button', { name })).toBeNull();
    expect(tools().queryByRole('combobox')).toBeNull();
    expect(tools().getByRole('button', { name: '字体大小' })).toBeTruthy();
    expect(screen.getByTestId('user-menu').textContent).toContain('王小美');
  });

  it('lets the header scroll away with the page unless it is fixed', () => {
    open('/goods/list', { layout: 'vertical' });
    const header = () => document.querySelector('.console-header')!;
    expect(header().closest('.console-content')).toBeNull();
    act(() => updateTheme({ fixedHeader: false }));
    expect(header().closest('.console-content')).not.toBeNull();
  });

  it('offers the floating settings button and draggable tools when the theme asks', async () => {
    open('/goods/list', { showThemeSetting: true, rightToolsDrag: true });
    expect(document.querySelector('.console-theme-float')?.getAttribute('aria-label')).toBe('主题配置');
    await waitFor(() => expect(document.querySelectorAll('.console-tool-draggable').length).toBeGreaterThan(5));
  });

  it('selects a clicked menu page at once, while the page itself is still on its way', async () => {
    // The goods comments page waits for its code, as a page whose chunk is loading does.
    const pending = new Promise<never>(() => {});
    function Page() {
      if (useLocation().pathname === '/goods/comment') use(pending);
      return <p>page content</p>;
    }
    themeStore.set(defaultTheme);
    const router = renderAt([{ path: '/', element: <ConsoleLayout />, children: [{ path: '*', element: <Page /> }] }], '/goods/list');
    const sideMenu = () => sider()!.querySelector<HTMLElement>('.ant-menu')!;
    const selected = () => [...sideMenu().querySelectorAll('.ant-menu-item-selected')].map((item) => item.textContent);
    expect(selected()).toEqual(['商品列表']);
    // Awaited: the click suspends the page, and React asks that an act which suspends be awaited.
    await act(async () => {
      fireEvent.click(within(sideMenu()).getByText('商品评论'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/goods/comment'));
    expect(selected()).toEqual(['商品评论']);
    expect(screen.getByText('page content')).toBeTruthy();
  });

  it('finds a page by its title in the current language and opens it', async () => {
    const router = open('/goods/list');
    const search = screen.getByRole('combobox', { name: '搜索菜单' });
    fireEvent.change(search, { target: { value: '评论' } });
    fireEvent.click(await screen.findByText('商品 / 商品评论'));
    expect(router.state.location.pathname).toBe('/goods/comment');
    expect(screen.queryByText('个人中心')).toBeNull();
  });

  it('switches layout and dark mode live from the theme drawer', async () => {
    open('/goods/list');
    fireEvent.click(screen.getByRole('button', { name: '主题配置' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByText('主题配置')).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: '分栏' }));
    expect(screen.getByTestId('console').className).toContain('console--column');
    fireEvent.click(drawer.getByRole('switch', { name: '暗黑模式' }));
    expect(screen.getByTestId('console').className).toContain('console--dark');
    expect(JSON.parse(localStorage.getItem('shop-vite-theme')!)).toMatchObject({ layout: 'column', colorMode: 'dark' });
    fireEvent.click(drawer.getByRole('button', { name: '恢复默认' }));
    expect(screen.getByTestId('console').className).toContain('console--comprehensive');
    expect(screen.getByTestId('console').className).toContain('console--light');
  });

  it('keeps dark mode to the default theme', () => {
    open('/goods/list', { themeName: 'technology' });
    act(() => setMode('dark'));
    expect(screen.getByTestId('console').className).toContain('console--light');
    expect(screen.getByRole('button', { name: '仅默认主题支持暗黑模式' })).toHaveProperty('disabled', true);
  });
});
