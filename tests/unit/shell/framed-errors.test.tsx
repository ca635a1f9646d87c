import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../render-at';
import type { MenuItem } from '../../../src/contract/api/auth';
import { routes } from '../../../src/shell/app/routes';
import { sessionStore } from '../../../src/shell/auth/session';
import { removeToken, setToken } from '../../../src/shell/request/token';
import { tabsStore } from '../../../src/shell/tabs/tabs-store';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { serveQuietFrame, signInSeller } from './seller-session';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const item = (path: string, zh: string, permission: string): MenuItem => ({
  path,
  name: path,
  icon: '',
  hidden: false,
  vue_path: `test${path}`,
  title: { zh, en: zh },
  permission,
  children: [],
});


describe('refused and unknown pages', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setToken('t');
    // The menu holds the user admin page, without its permission.
    signInSeller([item('/common/info/question', '我要询价', 'menu:Question'), item('/setting/user', '用户管理', 'menu:User')], ['menu:Question']);
    serveQuietFrame();
  });
  afterEach(() => {
    cleanup();
    sessionStore.set(null);
    tabsStore.set([]);
    removeToken();
  });

  it('shows the 403 page inside the console frame for a menu page the seller’s permissions do not grant', async () => {
    const router = renderAt(routes, '/setting/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'), { timeout: 15_000 });
    expect(await screen.findByText('抱歉，您没有访问此页面的权限')).toBeTruthy();
    expect(screen.getByTestId('console').contains(screen.getByText('抱歉，您没有访问此页面的权限'))).toBe(true);
  });

  it('shows the 403 page for a page outside the menu that the server says is someone else’s, and 404 for one it says is none', async () => {
    const asked: string[] = [];
    mockServer.use(
      http.post('*/api/index/route-status', async ({ request }) => {
        const { path } = (await request.json()) as { path: string };
        asked.push(path);
        return HttpResponse.json({ code: 200, msg: 'ok', data: { status: path === '/system/role' ? 'forbidden' : 'missing' } });
      }),
    );
    const router = renderAt(routes, '/system/role');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'), { timeout: 15_000 });
    expect(await screen.findByText('抱歉，您没有访问此页面的权限', {}, { timeout: 10_000 })).toBeTruthy();
    expect(asked).toEqual(['/system/role']);
  });

  it('shows the 404 page inside the console frame for a page that does not exist', async () => {
    mockServer.use(http.post('*/api/index/route-status', () => HttpResponse.json({ code: 200, msg: 'ok', data: { status: 'missing' } })));
    const router = renderAt(routes, '/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'), { timeout: 15_000 });
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(screen.getByTestId('console').contains(screen.getByText('抱歉，您访问的页面不存在'))).toBe(true);
  });
});
