import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Result } from 'antd';
import type { MenuItem } from '../../contract/api/auth';
import type { RouteStatus, RouteStatusData } from '../../contract/api/route-status';
import { homePath, type Session } from '../auth/session';
import { useI18n } from '../i18n/I18nProvider';
import { hasAccess } from '../../contract/permissions';
import { accessSubject } from '../auth/Permission';
import { request } from '../request/client';
import { Loading } from '../loading/Loading';

/**
 * A path resolved against the menu: the item whose view it draws, where to go instead, an address
 * the menu does not hold (the server says whether it is someone else's page or none), or no page at all.
 */
export type MenuMatch = { item: MenuItem } | { redirect: string } | { unknown: string } | { noHome: true };

/**
 * Resolves a pathname against the menu the server delivered (`routes`, from menuRoutes): a menu
 * item the user's permissions allow draws its view (spec §6: guarded routes are filtered by the
 * check), one they do not is a 403, the root goes home, anything else is asked about (see UnknownRoute).
 */
export function matchMenuRoute(session: Session, routes: Map<string, MenuItem>, pathname: string): MenuMatch {
  if (pathname === '/') {
    const home = homePath(session);
    if (routes.has(home)) return { redirect: home };
    const first = [...routes.values()].find((r) => !r.hidden);
    return first ? { redirect: first.path } : { noHome: true };
  }
  const item = routes.get(pathname);
  if (!item) return { unknown: pathname };
  if (item.permission && !hasAccess(accessSubject(session), item.permission)) return { redirect: '/403' };
  return { item };
}

/** Where each status sends the user; a page granted since sign-in is a 404 until the menu is read again. */
const STATUS_PAGE: Record<RouteStatus, string> = { granted: '/404', forbidden: '/403', missing: '/404' };

/**
 * An address outside the user's menu. The client cannot tell "someone else's page" from "no page"
 * (it holds only its own menu), so it asks the server for that one word and goes to /403 or /404
 * (spec §8); a failed question counts as not found.
 */
function UnknownRoute({ pathname }: { pathname: string }) {
  const [answer, setAnswer] = useState<{ pathname: string; to: string }>();
  useEffect(() => {
    let live = true;
    request<RouteStatusData>('/api/index/route-status', { body: { path: pathname }, silent: true })
      .then(
        (data) => STATUS_PAGE[data.status],
        () => '/404',
      )
      .then((to) => live && setAnswer({ pathname, to }));
    return () => {
      live = false;
    };
  }, [pathname]);
  return answer?.pathname === pathname ? <Navigate to={answer.to} replace /> : <Loading />;
}

/** What a path that draws no view shows: the redirect, the 403/404 question, or a message when the roles grant no page. */
export function MenuFallback({ match }: { match: Exclude<MenuMatch, { item: MenuItem }> }) {
  const { t } = useI18n();
  if ('redirect' in match) return <Navigate to={match.redirect} replace />;
  if ('unknown' in match) return <UnknownRoute pathname={match.unknown} />;
  return <Result status="warning" title={t('session.noHome')} />;
}
