import { settings } from '../../contract/settings';

/**
 * The tab rules of spec §4, as pure functions over the list of open tabs, so the bar, the kept-alive
 * views and the store agree on one behaviour and the rules are tested without a browser.
 */

export interface TabMeta {
  title: { zh: string; en: string };
  /** An icon name of the menu's icon set; empty for none. */
  icon: string;
  noClosable?: boolean;
  /** Every full path (query included) gets a tab of its own instead of updating the route's tab. */
  dynamicNewTab?: boolean;
}

export interface TabRoute {
  /** Full path with query: where the tab leads, and its identity in the list. */
  path: string;
  /** Route name: what scroll positions are remembered by. */
  name: string;
  meta: TabMeta;
}

/** The tabs left after a close, and the path to show next (null: none is left, go home). */
export interface TabsChange {
  tabs: TabRoute[];
  next: string | null;
}

/** Spec §2: the tab bar never shows the login route. */
const LOGIN_ROUTE = 'Login';

export function pathnameOf(path: string): string {
  return path.split(/[?#]/, 1)[0];
}

const closable = (tab: TabRoute) => !tab.meta.noClosable;

/**
 * Whether visiting `route` lands on `tab`. A plain route keeps one tab and a new query updates it; a
 * dynamicNewTab route opens one tab per full path (revisiting the same full path still finds it, so
 * no two tabs ever share a path).
 */
function isTabOf(tab: TabRoute, route: TabRoute): boolean {
  return route.meta.dynamicNewTab ? tab.path === route.path : pathnameOf(tab.path) === pathnameOf(route.path);
}

function sameTab(a: TabRoute, b: TabRoute): boolean {
  const [x, y] = [a.meta, b.meta];
  return (
    a.path === b.path &&
    a.name === b.name &&
    x.title.zh === y.title.zh &&
    x.title.en === y.title.en &&
    x.icon === y.icon &&
    Boolean(x.noClosable) === Boolean(y.noClosable) &&
    Boolean(x.dynamicNewTab) === Boolean(y.dynamicNewTab)
  );
}

/** Spec §4: when no tab is non-closable, the first becomes so, so the bar can never be emptied. */
function pinFirst(tabs: TabRoute[]): TabRoute[] {
  if (tabs.length === 0 || tabs.some((tab) => !closable(tab))) return tabs;
  const [first, ...rest] = tabs;
  return [{ ...first, meta: { ...first.meta, noClosable: true } }, ...rest];
}

/**
 * The tabs after visiting `route`: its tab is updated in place or appended. Past `max` tabs the oldest
 * closable ones other than the visited one are dropped; should every other tab be non-closable, the
 * visited route keeps its tab all the same, since the page on screen must have one.
 */
export function visit(tabs: TabRoute[], route: TabRoute, max: number = settings.keepAliveMaxNum): TabRoute[] {
  if (route.name === LOGIN_ROUTE) return tabs;
  const at = tabs.findIndex((tab) => isTabOf(tab, route));
  if (at >= 0) {
    // A tab that was pinned stays pinned when its route comes back with fresh data.
    const noClosable = tabs[at].meta.noClosable || route.meta.noClosable;
    const updated = { ...route, meta: { ...route.meta, noClosable } };
    // The same list when nothing changed, so a revisit does not redraw what watches the tabs.
    if (sameTab(tabs[at], updated)) return pinFirst(tabs);
    return pinFirst(tabs.map((tab, i) => (i === at ? updated : tab)));
  }
  const grown = [...tabs, route];
  while (grown.length > max) {
    const oldest = grown.findIndex((tab, i) => closable(tab) && i < grown.length - 1);
    if (oldest < 0) break;
    grown.splice(oldest, 1);
  }
  return pinFirst(grown);
}

/**
 * Drops the closable tabs `doomed` picks. The active path stays on screen if it survived; otherwise
 * `fallback` names what to show from the tabs left.
 */
function closeWhere(
  tabs: TabRoute[],
  doomed: (index: number) => boolean,
  active: string | undefined,
  fallback: (left: TabRoute[]) => TabRoute | undefined,
): TabsChange {
  const left = tabs.filter((tab, i) => !closable(tab) || !doomed(i));
  const next = left.some((tab) => tab.path === active) ? active! : (fallback(left)?.path ?? null);
  return { tabs: left, next };
}

const indexOf = (tabs: TabRoute[], path: string) => tabs.findIndex((tab) => tab.path === path);

/** The tab acted on, else the last one left. */
const focus = (path: string) => (left: TabRoute[]) => left.find((tab) => tab.path === path) ?? left.at(-1);

/**
 * Closes one tab. `active` is the path on screen (by default the closed one); when it goes, the
 * neighbour takes its place: the tab to its right, else the one to its left.
 */
export function close(tabs: TabRoute[], path: string, active: string = path): TabsChange {
  const at = indexOf(tabs, path);
  return closeWhere(tabs, (i) => i === at, active, (left) => left[at] ?? left[at - 1]);
}

export function closeOthers(tabs: TabRoute[], path: string, active: string = path): TabsChange {
  return closeWhere(tabs, (i) => tabs[i].path !== path, active, focus(path));
}

export function closeLeft(tabs: TabRoute[], path: string, active: string = path): TabsChange {
  const at = indexOf(tabs, path);
  return closeWhere(tabs, (i) => i < at, active, focus(path));
}

export function closeRight(tabs: TabRoute[], path: string, active: string = path): TabsChange {
  const at = indexOf(tabs, path);
  return closeWhere(tabs, (i) => at >= 0 && i > at, active, focus(path));
}

/** Closes every closable tab; the active one stays on screen only if it is non-closable. */
export function closeAll(tabs: TabRoute[], active?: string): TabsChange {
  return closeWhere(tabs, () => true, active, (left) => left.at(-1));
}

/** Drag reorder: the tab at `from` moves to index `to`; an index outside the list changes nothing. */
export function move(tabs: TabRoute[], from: number, to: number): TabRoute[] {
  const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < tabs.length;
  if (from === to || !inRange(from) || !inRange(to)) return tabs;
  const next = [...tabs];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}
