import type { IndexInitData, MenuItem } from '../../contract/api/auth';
import { settings } from '../../contract/settings';
import { createStore } from '../store';
import { request } from '../request/client';
import { getToken, removeToken, setToken } from '../request/token';
import { languageStore } from '../i18n/language-store';
import { translate } from '../i18n/translate';

export type Session = IndexInitData;

/** Who is signed in; null until index-init has answered. */
export const sessionStore = createStore<Session | null>(null);

export class SessionError extends Error {}

const LOGO = /^(https?:\/\/|\/|data:image\/)/;

function isMenu(items: unknown): items is MenuItem[] {
  return (
    Array.isArray(items) &&
    items.every(
      (item: Partial<MenuItem> | null) =>
        !!item &&
        typeof item.path === 'string' &&
        item.path.startsWith('/') &&
        typeof item.name === 'string' &&
        typeof item.vue_path === 'string' &&
        isMenu(item.children ?? []),
    )
  );
}

const t = (key: 'session.userInfoInvalid' | 'session.menuInvalid' | 'login.tokenMissing') =>
  translate(languageStore.get(), key, { tokenName: settings.tokenName });

export async function login(username: string, password: string): Promise<void> {
  const data = await request<Record<string, string>>('/api/public/login-do', { body: { username, password }, silent: true });
  const token = data?.[settings.tokenName];
  if (!token) throw new SessionError(t('login.tokenMissing'));
  setToken(token);
}

/** index-init, checked as spec §5 demands: a bad user info or menu is an error, never a blank page. */
export async function loadSession(): Promise<Session> {
  const data = await request<Session>('/api/index/index-init', { silent: true });
  const user = data?.user_info;
  if (!user || !user.name || typeof user.logo !== 'string' || !LOGO.test(user.logo)) {
    throw new SessionError(t('session.userInfoInvalid'));
  }
  if (!isMenu(data.menu)) throw new SessionError(t('session.menuInvalid'));
  sessionStore.set(data);
  return data;
}

export function resetSession(): void {
  removeToken();
  sessionStore.set(null);
}

export async function logout(): Promise<void> {
  try {
    if (getToken()) await request('/api/public/login-out', { silent: true });
  } finally {
    resetSession();
  }
}

/** Where a user lands after login (spec §2): team type 1 asks prices, every other type quotes. */
export function homePath(session: Session): string {
  return session.team.type === 1 ? '/common/info/question' : '/common/info/spot';
}

/** Every routable menu item, flattened: path → item. */
export function menuRoutes(menu: MenuItem[]): Map<string, MenuItem> {
  const routes = new Map<string, MenuItem>();
  const walk = (items: MenuItem[]) => {
    for (const item of items) {
      if (item.vue_path) routes.set(item.path, item);
      walk(item.children);
    }
  };
  walk(menu);
  return routes;
}
