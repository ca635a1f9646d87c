import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { nativeViews } from '../../engine/native-views';
import { menuRoutes, sessionStore } from '../auth/session';
import { pathnameOf } from '../tabs/tab-rules';
import { openMenuTab } from '../tabs/tabs-store';
import { matchMenuRoute } from './MenuRoute';

type ViewPrefetcher = (vuePath: string) => void;

/** The engine's, registered once its code has loaded: until a screen has been opened there is nothing to read ahead. */
let prefetcher: ViewPrefetcher | undefined;

export function setViewPrefetcher(next: ViewPrefetcher): void {
  prefetcher = next;
}

/**
 * What a click on a menu page starts before the route changes: the reads of the screen it opens
 * (for one the engine draws), so they run while the route and its screen render, and its tab, so
 * the bar and the kept-alive views take it in the click's own small render rather than in a second
 * pass after the new page has drawn.
 */
function prepare(path: string): void {
  const session = sessionStore.get();
  // The page on screen again: the router has nothing to do, nor has this.
  if (!session || path === window.location.pathname + window.location.search) return;
  const match = matchMenuRoute(session, menuRoutes(session.menu), pathnameOf(path));
  if (!('item' in match)) return;
  if (prefetcher && !nativeViews.get(match.item.vue_path)) prefetcher(match.item.vue_path);
  openMenuTab(session, match.item, path);
}

/** Opens a menu page as the menus and the menu search do (see prepare). */
export function useOpenPage(): (path: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (path: string) => {
      prepare(path);
      void navigate(path);
    },
    [navigate],
  );
}
