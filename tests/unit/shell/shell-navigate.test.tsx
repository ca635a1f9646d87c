import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { renderAt } from '../render-at';
import { ShellNavigateProvider, useShellNavigate } from '../../../src/shell/router/shell-navigate';
import { menuPathStore, useMenuPathFollowsLocation } from '../../../src/shell/router/menu-path';

afterEach(cleanup);

describe('the console frame’s navigation', () => {
  it('navigates without drawing its callers again at each navigation', async () => {
    const drawn: unknown[] = [];
    let go: ReturnType<typeof useShellNavigate> | undefined;
    function Tool() {
      go = useShellNavigate();
      drawn.push(go);
      return null;
    }
    function Follower() {
      useMenuPathFollowsLocation();
      return null;
    }
    const router = renderAt(
      [{ path: '/', element: <ShellNavigateProvider><Tool /><Follower /><Outlet /></ShellNavigateProvider>, children: [{ path: '*', element: <p>page</p> }] }],
      '/goods/list',
    );
    expect(menuPathStore.get()).toBe('/goods/list');
    await act(() => go!('/goods/comment?tab=2'));
    expect(router.state.location.pathname).toBe('/goods/comment');
    expect(router.state.location.search).toBe('?tab=2');
    // Reached without a menu click: the menu's selection follows the page on screen.
    expect(menuPathStore.get()).toBe('/goods/comment');
    await act(() => router.navigate('/bill/store'));
    await act(() => go!(-1));
    expect(router.state.location.pathname).toBe('/goods/comment');
    expect(drawn).toHaveLength(1);
  });
});
