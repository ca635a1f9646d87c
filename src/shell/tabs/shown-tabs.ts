import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from '../store';
import { menuRoutes, sessionStore } from '../auth/session';
import { matchMenuRoute } from '../router/MenuRoute';
import { visit } from './tab-rules';
import { menuTab, openMenuTab, tabsStore } from './tabs-store';

/**
 * The open tabs as the bar and the kept-alive views draw them: with the page on screen among them,
 * however it was reached (a menu click, a link, the address bar), so its tab shows in the render
 * that draws the page. The store takes the tab once that render is on screen, whichever of the two
 * drew it first: the page area's code may arrive after the bar, and a page left before then (a click
 * in the menu meanwhile) would otherwise lose its tab.
 */
export function useShownTabs() {
  const session = useStore(sessionStore)!;
  const open = useStore(tabsStore);
  const { pathname, search } = useLocation();
  const path = pathname + search;
  const routes = useMemo(() => menuRoutes(session.menu), [session.menu]);
  const match = matchMenuRoute(session, routes, pathname);
  const item = 'item' in match ? match.item : undefined;
  const tabs = useMemo(() => (item ? visit(open, menuTab(session, item, path)) : open), [open, session, item, path]);
  useEffect(() => {
    if (item) openMenuTab(session, item, path);
  }, [session, item, path]);
  return { session, routes, match, path, tabs };
}
