import { useCallback } from 'react';
import { nativeViewOf, useNativeViews, type NativeViews } from '../../engine/native-views';
import { menuRoutes, sessionStore } from '../auth/session';
import { pathnameOf } from './tab-rules';
import { tabsStore } from './tabs-store';
import { matchMenuRoute } from '../router/MenuRoute';
import { menuPathStore } from '../router/menu-path';
import { useShellNavigate } from '../router/shell-navigate';
import { viewPrefetcher } from '../engine/view-prefetch';

/**
 * How long a click waits for the page's data before opening the page. A local or near server
 * answers well within it, and the page is drawn once, with this visit's data. A slower one has
 * the page drawn at this bound from what is at hand (the last visit's rows, or placeholders), and
 * the answer drawn when it comes.
 */
export const READ_AHEAD_WAIT_MS = 150;

/**
 * What a click on a menu page starts before the route changes: the menu's selection (menu-path),
 * drawn at once, and the reads of the screen it opens (for one the engine draws). Answers when
 * those reads have arrived, or undefined when there is nothing to wait for: the page is on screen
 * already, its view is kept alive in its tab, its screen was never opened, or it is a native view.
 * The page's tab comes with the page's own render (useShownTabs).
 */
function prepare(path: string, views: NativeViews): Promise<unknown> | undefined {
  const session = sessionStore.get();
  // The page on screen again: the router has nothing to do, nor has this.
  if (!session || path === window.location.pathname + window.location.search) return undefined;
  const pathname = pathnameOf(path);
  menuPathStore.set(pathname);
  if (tabsStore.get().some((tab) => tab.path === path)) return undefined;
  const match = matchMenuRoute(session, menuRoutes(session.menu), pathname);
  const prefetcher = viewPrefetcher();
  if (!('item' in match) || !prefetcher || nativeViewOf(views, match.item.vue_path)) return undefined;
  return prefetcher(match.item.vue_path);
}

/** The number of the last openPage call: a later click overrides an earlier one still waiting. */
let asks = 0;

/**
 * Opens a menu page as the menus and the menu search do: at once, or once its data has been read
 * ahead (see prepare), within READ_AHEAD_WAIT_MS. A later click, or a navigation of any other kind
 * meanwhile, wins over a page still waiting.
 */
export function useOpenPage(): (path: string) => void {
  const navigate = useShellNavigate();
  const views = useNativeViews();
  return useCallback(
    (path: string) => {
      const ask = ++asks;
      const ready = prepare(path, views);
      if (!ready) {
        void navigate(path);
        return;
      }
      const from = window.location.href;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const bound = new Promise((resolve) => (timer = setTimeout(resolve, READ_AHEAD_WAIT_MS)));
      const open = () => {
        clearTimeout(timer);
        if (ask === asks && window.location.href === from) void navigate(path);
      };
      // A failed read opens the page too: the list tells its error there.
      void Promise.race([ready, bound]).then(open, open);
    },
    [navigate, views],
  );
}
