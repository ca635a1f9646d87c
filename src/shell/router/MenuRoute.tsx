import { useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Result } from 'antd';
import { settings } from '../../contract/settings';
import { useStore } from '../store';
import { homePath, menuRoutes, sessionStore } from '../auth/session';
import { useI18n } from '../i18n/I18nProvider';
import { hasAccess } from '../../contract/permissions';
import { accessSubject } from '../auth/Permission';
import { MenuView } from './MenuView';

/** Spec §2: the route title and the site title, joined by " - ". */
export function pageTitle(routeTitle: string, siteTitle: string): string {
  return `${routeTitle}${settings.titleSeparator}${siteTitle}`;
}

/**
 * Resolves the current path against the menu the server delivered: a menu item the user's
 * permissions allow draws its view (spec §6: guarded routes are filtered by the check), one they do
 * not is a 403, the root goes home, anything else is a 404.
 */
export default function MenuRoute() {
  const session = useStore(sessionStore)!;
  const { pathname } = useLocation();
  const { t, lang } = useI18n();
  const routes = useMemo(() => menuRoutes(session.menu), [session.menu]);
  const item = routes.get(pathname);

  useEffect(() => {
    if (item) document.title = pageTitle(item.title[lang], t('app.siteTitle'));
  }, [item, lang, t]);

  if (pathname === '/') {
    const home = homePath(session);
    if (routes.has(home)) return <Navigate to={home} replace />;
    const first = [...routes.values()].find((r) => !r.hidden);
    if (first) return <Navigate to={first.path} replace />;
    return <Result status="warning" title={t('session.noHome')} />;
  }
  if (!item) return <Navigate to="/404" replace />;
  if (item.permission && !hasAccess(accessSubject(session), item.permission)) return <Navigate to="/403" replace />;
  return <MenuView key={item.path} vuePath={item.vue_path} />;
}
