import { Activity, memo, useEffect, useLayoutEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { MenuFallback, matchMenuRoute } from '../router/MenuRoute';
import { usePageTitle } from '../i18n/page-title';
import ErrorPage, { type ErrorStatus } from '../errors/ErrorPage';
import { MenuView } from '../router/MenuView';
import { pathnameOf } from './tab-rules';
import { refreshCounts, rememberScroll, savedScroll, tabsStore } from './tabs-store';
import { useShownTabs } from './shown-tabs';

/**
 * One tab's view under the tab's own location: a hidden view that reads its query keeps reading its
 * own, not the active tab's. Memoised, so switching tabs does not redraw every kept view.
 */
const KeptView = memo(function KeptView({ path, vuePath }: { path: string; vuePath: string }) {
  return (
    <Routes location={path}>
      <Route path="*" element={<MenuView vuePath={vuePath} />} />
    </Routes>
  );
});

/**
 * Spec §8: a page the user may not open goes to /403, an unknown one to /404; both are told inside
 * the console, under the open tabs, whose views stay alive behind them.
 */
const FRAMED_ERRORS: Partial<Record<string, ErrorStatus>> = { '/403': '403', '/404': '404' };

/** Where each content element was last scrolled to, as its scroll events told: a new one is at the top. */
const scrolledTo = new WeakMap<HTMLElement, number>();

/**
 * Spec §3: the active route's scroll position is kept per route name and restored on return. The
 * position is taken from scroll events, since by the time a switch commits the old view is already
 * hidden and its container has shrunk; a layout effect restores it before the browser paints. The
 * content is scrolled (and read back) only when the position differs: either makes the browser lay
 * out the new view in the middle of its commit, for nothing when both views sit at the top.
 */
function useScrollMemory(name: string | undefined, path: string) {
  useLayoutEffect(() => {
    const content = document.querySelector<HTMLElement>('.console-content');
    if (!content || !name) return;
    let top = savedScroll(name);
    if (top !== (scrolledTo.get(content) ?? 0)) {
      content.scrollTop = top;
      // What the browser allowed: the view may be shorter than where it was left.
      top = content.scrollTop;
      scrolledTo.set(content, top);
    }
    const onScroll = () => {
      top = content.scrollTop;
      scrolledTo.set(content, top);
    };
    content.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      content.removeEventListener('scroll', onScroll);
      rememberScroll(name, top);
    };
  }, [name, path]);
}

/**
 * The console's routed content: the view of every open tab stays mounted (up to
 * settings.keepAliveMaxNum), and only the active one is shown, so each keeps its scroll, form input
 * and filters. Closing a tab drops its view; refreshing remounts it.
 */
export default function KeepAliveOutlet() {
  const { session, routes, match, path, tabs } = useShownTabs();
  const refreshed = useStore(refreshCounts);
  const { lang } = useI18n();
  const item = 'item' in match ? match.item : undefined;

  // Tabs restored from storage, or kept from before the menu changed, may lead nowhere now.
  useEffect(() => {
    tabsStore.set((open) => {
      const reachable = open.filter((tab) => 'item' in matchMenuRoute(session, routes, pathnameOf(tab.path)));
      return reachable.length === open.length ? open : reachable;
    });
  }, [session, routes]);

  usePageTitle(item?.title[lang]);

  useScrollMemory(item?.name, path);

  const error = FRAMED_ERRORS[pathnameOf(path)];
  if (!('item' in match) && !error) return <MenuFallback match={match} />;
  return (
    <>
      {tabs.map((tab) => {
        const view = matchMenuRoute(session, routes, pathnameOf(tab.path));
        if (!('item' in view)) return null;
        return (
          <Activity key={`${tab.path}#${refreshed[tab.path] ?? 0}`} mode={tab.path === path ? 'visible' : 'hidden'}>
            <KeptView path={tab.path} vuePath={view.item.vue_path} />
          </Activity>
        );
      })}
      {error && <ErrorPage status={error} />}
    </>
  );
}
