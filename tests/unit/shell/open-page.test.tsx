import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createBrowserRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import type { MenuItem } from '../../../src/contract/api/auth';
import { sessionStore } from '../../../src/shell/auth/session';
import { signInSeller } from './seller-session';
import { menuPathStore, useMenuPathFollowsLocation } from '../../../src/shell/router/menu-path';
import { READ_AHEAD_WAIT_MS, useOpenPage } from '../../../src/shell/tabs/open-page';
import { setViewPrefetcher } from '../../../src/shell/engine/view-prefetch';
import { ShellNavigateProvider } from '../../../src/shell/router/shell-navigate';
import { tabsStore } from '../../../src/shell/tabs/tabs-store';

const page = (path: string, zh: string): MenuItem => ({
  path,
  name: path,
  icon: '',
  hidden: false,
  vue_path: path.slice(1),
  title: { zh, en: zh },
  permission: '',
  children: [],
});

const MENU = [page('/home', '首页'), page('/goods/list', '商品列表'), page('/bill/store', '店铺账单')];

/** A read-ahead the test answers when it likes. */
function pending() {
  let answer!: () => void;
  const arrived = new Promise<void>((resolve) => (answer = resolve));
  return { arrived, answer: () => act(async () => answer()) };
}

function Menu() {
  const openPage = useOpenPage();
  return (
    <nav>
      {MENU.map((item) => (
        <button key={item.path} onClick={() => openPage(item.path)}>
          {item.title.zh}
        </button>
      ))}
    </nav>
  );
}

/** The page on screen; the menu's selection follows it, as the console's content area has it. */
function Page() {
  useMenuPathFollowsLocation();
  return <p>on {useLocation().pathname}</p>;
}

function open() {
  window.history.replaceState(null, '', '/home');
  const router = createBrowserRouter([
    {
      path: '/',
      element: (
        <ShellNavigateProvider>
          <Menu />
          <Outlet />
        </ShellNavigateProvider>
      ),
      children: [{ path: '*', element: <Page /> }],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

const click = (title: string) => fireEvent.click(screen.getByRole('button', { name: title }));
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('opening a menu page (spec §3; issue 5: the list drawn with this visit’s data)', () => {
  const prefetcher = vi.fn<(vuePath: string) => Promise<unknown> | undefined>();
  beforeEach(() => {
    signInSeller(MENU);
    tabsStore.set([]);
    prefetcher.mockReset();
    setViewPrefetcher(prefetcher);
  });
  afterEach(() => {
    cleanup();
    sessionStore.set(null);
  });

  it('selects the page at once and opens it once its data read ahead has arrived', async () => {
    const read = pending();
    prefetcher.mockReturnValue(read.arrived);
    const router = open();
    click('商品列表');
    expect(prefetcher).toHaveBeenCalledWith('goods/list');
    expect(menuPathStore.get()).toBe('/goods/list');
    await settle();
    expect(router.state.location.pathname).toBe('/home');
    await read.answer();
    expect(router.state.location.pathname).toBe('/goods/list');
    expect(screen.getByText('on /goods/list')).toBeTruthy();
  });

  it(`opens the page after ${READ_AHEAD_WAIT_MS} ms when its data is slower`, async () => {
    prefetcher.mockReturnValue(new Promise(() => {}));
    const router = open();
    const clicked = performance.now();
    click('商品列表');
    await act(() => new Promise((resolve) => setTimeout(resolve, READ_AHEAD_WAIT_MS / 2)));
    expect(router.state.location.pathname).toBe('/home');
    await screen.findByText('on /goods/list', undefined, { timeout: READ_AHEAD_WAIT_MS * 10 });
    expect(performance.now() - clicked).toBeGreaterThanOrEqual(READ_AHEAD_WAIT_MS - 1);
  });

  it('opens the page when its read ahead fails: the list tells the error there', async () => {
    prefetcher.mockReturnValue(Promise.reject(new Error('503')));
    const router = open();
    click('商品列表');
    await settle();
    expect(router.state.location.pathname).toBe('/goods/list');
  });

  it('opens at once a page with nothing read ahead, or whose tab keeps its view', async () => {
    prefetcher.mockReturnValue(undefined);
    const router = open();
    click('商品列表');
    await settle();
    expect(router.state.location.pathname).toBe('/goods/list');

    prefetcher.mockReturnValue(new Promise(() => {}));
    tabsStore.set([{ path: '/bill/store', name: '/bill/store', meta: { title: { zh: '店铺账单', en: '店铺账单' }, icon: '' } }]);
    click('店铺账单');
    await settle();
    expect(router.state.location.pathname).toBe('/bill/store');
    expect(prefetcher).toHaveBeenCalledTimes(1);
  });

  it('lets a later click, or a navigation of another kind, win over a page still waiting for its data', async () => {
    const goods = pending();
    prefetcher.mockReturnValueOnce(goods.arrived).mockReturnValueOnce(undefined);
    const router = open();
    click('商品列表');
    click('店铺账单');
    await settle();
    expect(router.state.location.pathname).toBe('/bill/store');
    await goods.answer();
    expect(router.state.location.pathname).toBe('/bill/store');

    const again = pending();
    prefetcher.mockReturnValueOnce(again.arrived);
    click('商品列表');
    await act(() => router.navigate('/home'));
    await again.answer();
    expect(router.state.location.pathname).toBe('/home');
    expect(menuPathStore.get()).toBe('/home');
  });
});
