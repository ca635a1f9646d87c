import { Navigate } from 'react-router-dom';
import { Result } from 'antd';
import type { MenuItem } from '../../contract/api/auth';
import { homePath, type Session } from '../auth/session';
import { useI18n } from '../i18n/I18nProvider';
import { hasAccess } from '../../contract/permissions';
import { accessSubject } from '../auth/Permission';

/** A path resolved against the menu: the item whose view it draws, or where to go instead. */
export type MenuMatch = { item: MenuItem } | { redirect: string } | { noHome: true };

/**
 * Resolves a pathname against the menu the server delivered (`routes`, from menuRoutes): a menu
 * item the user's permissions allow draws its view (spec §6: guarded routes are filtered by the
 * check), one they do not is a 403, the root goes home, anything else is a 404.
 */
export function matchMenuRoute(session: Session, routes: Map<string, MenuItem>, pathname: string): MenuMatch {
  if (pathname === '/') {
    const home = homePath(session);
    if (routes.has(home)) return { redirect: home };
    const first = [...routes.values()].find((r) => !r.hidden);
    return first ? { redirect: first.path } : { noHome: true };
  }
  const item = routes.get(pathname);
  if (!item) return { redirect: '/404' };
  if (item.permission && !hasAccess(accessSubject(session), item.permission)) return { redirect: '/403' };
  return { item };
}

/** What a path that draws no view shows: the redirect, or a message when the roles grant no page. */
export function MenuFallback({ match }: { match: Exclude<MenuMatch, { item: MenuItem }> }) {
  const { t } = useI18n();
  if ('redirect' in match) return <Navigate to={match.redirect} replace />;
  return <Result status="warning" title={t('session.noHome')} />;
}
