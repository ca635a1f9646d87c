import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { nativeViews } from '../../engine/native-views';
import { menuRoutes, sessionStore } from '../auth/session';
import { matchMenuRoute } from './MenuRoute';

type ViewPrefetcher = (vuePath: string) => void;

/** The engine's, registered once its code has loaded: until a screen has been opened there is nothing to read ahead. */
let prefetcher: ViewPrefetcher | undefined;

export function setViewPrefetcher(next: ViewPrefetcher): void {
  prefetcher = next;
}

/** Starts the reads of the screen a path opens, for a menu item the user may open that the engine draws. */
function prefetchPage(path: string): void {
  const session = sessionStore.get();
  if (!session || !prefetcher) return;
  const match = matchMenuRoute(session, menuRoutes(session.menu), path);
  if ('item' in match && !nativeViews.get(match.item.vue_path)) prefetcher(match.item.vue_path);
}

/**
 * Opens a menu page as the menus and the menu search do: its list requests start with the click,
 * while the route and its screen render, rather than once the screen has mounted.
 */
export function useOpenPage(): (path: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (path: string) => {
      prefetchPage(path);
      void navigate(path);
    },
    [navigate],
  );
}
