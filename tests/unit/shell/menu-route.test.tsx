import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { renderAt } from '../render-at';
import { cleanup, screen, waitFor } from '@testing-library/react';
import KeepAliveOutlet from '../../../src/shell/tabs/KeepAliveOutlet';
import { sessionStore, type Session } from '../../../src/shell/auth/session';
import type { MenuItem } from '../../../src/contract/api/auth';

const item = (path: string, permission: string, hidden = false): MenuItem => ({
  path,
  name: path,
  icon: '',
  hidden,
  vue_path: path.slice(1),
  title: { zh: '页面', en: 'Page' },
  permission,
  children: [],
});

function session(menu: MenuItem[], permission: string[], teamType = 1): Session {
  return {
    user_info: { id: 1, name: 'x', logo: '/avatar.svg' },
    role: ['seller'],
    role_type: ['seller'],
    permission,
    team: { id: 1, name: 't', type: teamType },
    menu,
  };
}

function open(path: string) {
  return renderAt(
    [
      { path: '/403', element: <div>forbidden</div> },
      { path: '/404', element: <div>missing</div> },
      { path: '*', element: <KeepAliveOutlet /> },
    ],
    path,
  );
}

describe('menu routes', () => {
  afterEach(() => {
    // Unmount first: the views read the session and are never rendered without one in the console.
    cleanup();
    sessionStore.set(null);
  });

  it('sends the root to the team home', async () => {
    sessionStore.set(session([item('/common/info/question', 'menu:Question')], ['menu:Question']));
    const router = open('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/common/info/question'));
  });

  it('says so when the roles grant no page, instead of looping or going blank', async () => {
    sessionStore.set(session([], []));
    open('/');
    expect(await screen.findByText('您的角色没有可打开的页面，请联系管理员分配菜单。')).toBeTruthy();
  });

  it('refuses a menu route whose permission the user lacks with 403', async () => {
    sessionStore.set(session([item('/goods/list', 'menu:GoodsList')], ['menu:Other']));
    const router = open('/goods/list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });

  it('sends a path outside the menu to 404 when the server knows no such page', async () => {
    mockServer.use(http.post('*/api/index/route-status', () => HttpResponse.json({ code: 200, msg: 'ok', data: { status: 'missing' } })));
    sessionStore.set(session([item('/goods/list', 'menu:GoodsList')], ['menu:GoodsList']));
    const router = open('/nowhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
