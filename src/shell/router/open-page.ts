import { useCallback } from 'react';
import { nativeViews } from '../../engine/native-views';
import { menuRoutes, sessionStore } from '../auth/session';
import { pathnameOf } from '../tabs/tab-rules';
import { matchMenuRoute } from './MenuRoute';
import { menuPathStore } from './menu-path';
import { useShellNavigate } from './shell-navigate';

type ViewPrefetcher = (vuePath: string) => void;

/** The engine's, registered once its code has loaded: until a screen has been opened there is nothing to read ahead. */
let prefetcher: ViewPrefetcher | undefined;

export function setViewPrefetcher(next: ViewPrefetcher): void {
  prefetcher = next;
}

/**
 * What a click on a menu page starts before the route changes: the menu's selection (menu-path),
 * and the reads of the screen it opens (for one the engine draws), so they run while the route
 * and its screen render. The page's tab comes with the page's own render (useShownTabs): opened
 * here, it would draw and paint on its own first, and the page's render would wait for that frame.
 */
function prepare(path: string): void {
  const session = sessionStore.get();
  // The page on screen again: the router has nothing to do, nor has this.
  if (!session || path === window.location.pathname + window.location.search) return;
  const pathname = pathnameOf(path);
  menuPathStore.set(pathname);
  const match = matchMenuRoute(session, menuRoutes(session.menu), pathname);
  if (!('item' in match)) return;
  if (prefetcher && !nativeViews.get(match.item.vue_path)) prefetcher(match.item.vue_path);
}

/** Opens a menu page as the menus and the menu search do (see prepare). */
export function useOpenPage(): (path: string) => void {
  const navigate = useShellNavigate();
  return useCallback(
    (path: string) => {
      prepare(path);
      void navigate(path);
    },
    [navigate],
  );
}
