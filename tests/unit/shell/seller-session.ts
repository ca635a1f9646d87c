import { http, HttpResponse } from 'msw';
import type { MenuItem } from '../../../src/contract/api/auth';
import { sessionStore } from '../../../src/shell/auth/session';
import { mockServer } from '../setup';

/** Signs in a seller with `menu` as the server's menu, who may do everything unless `permission` says less. */
export function signInSeller(menu: MenuItem[], permission = ['*']): void {
  sessionStore.set({
    user_info: { id: 1, name: '王小美', logo: '/avatar.svg' },
    role: ['seller'],
    role_type: ['seller'],
    permission,
    team: { id: 1, name: '询价一组', type: 1 },
    menu,
  });
}

/** What the console frame asks of the server on its own, answered quietly: no notices, no chat sessions, no socket. */
export function serveQuietFrame(): void {
  mockServer.use(
    http.post('*/api/index/find-notice', () => HttpResponse.json({ code: 200, msg: 'ok', data: { rows: [] } })),
    // The frame's chat: no sessions, and no socket (the chat has tests of its own).
    http.post('*/chat/talk/session/list', () => HttpResponse.json({ code: 200, msg: 'ok', data: { rows: [] } })),
    http.post('*/chat/ticket', () => HttpResponse.json({ code: 503, msg: 'unavailable', data: null }, { status: 503 })),
  );
}
