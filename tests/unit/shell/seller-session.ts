import type { MenuItem } from '../../../src/contract/api/auth';
import { sessionStore } from '../../../src/shell/auth/session';

/** Signs in a seller who may do everything, with `menu` as the server's menu. */
export function signInSeller(menu: MenuItem[]): void {
  sessionStore.set({
    user_info: { id: 1, name: '王小美', logo: '/avatar.svg' },
    role: ['seller'],
    role_type: ['seller'],
    permission: ['*'],
    team: { id: 1, name: '询价一组', type: 1 },
    menu,
  });
}
