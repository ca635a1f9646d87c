import type { MenuItem } from '../../contract/api/auth';
import { settings } from '../../contract/settings';
import { createStore } from '../store';
import { homePath, sessionStore, type Session } from '../auth/session';
import { visit, type TabRoute } from './tab-rules';

/** Where the open tabs are kept between visits while persistenceTab is on. */
const TABS_KEY = 'shop-vite-tabs';

let persistence = localStorage.getItem(settings.storageKeys.persistenceTab) !== 'false';

function readJson<T>(key: string, valid: (value: unknown) => value is T, fallback: T): T {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string';

function isTabList(value: unknown): value is TabRoute[] {
  return (
    Array.isArray(value) &&
    value.every((tab: Partial<TabRoute> | null) => isText(tab?.path) && isText(tab?.name) && isText(tab?.meta?.title?.zh) && isText(tab?.meta?.title?.en) && isText(tab?.meta?.icon))
  );
}

function isScrollMemory(value: unknown): value is Record<string, number> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((top) => typeof top === 'number');
}

function savedTabs(): TabRoute[] {
  if (persistence) return readJson(TABS_KEY, isTabList, []);
  localStorage.removeItem(TABS_KEY);
  return [];
}

/** The open tabs, in the bar's order. Change them through the pure rules of tab-rules.ts. */
export const tabsStore = createStore<TabRoute[]>(savedTabs());

/** The tab of a menu item opened at `path`; the home page's tab cannot be closed. */
export function menuTab(session: Session, item: MenuItem, path: string): TabRoute {
  return { path, name: item.name, meta: { title: item.title, icon: item.icon, noClosable: item.path === homePath(session) } };
}

/** Opens the tab of a menu item at `path`, or brings its tab up to date. */
export function openMenuTab(session: Session, item: MenuItem, path: string): void {
  tabsStore.set((open) => visit(open, menuTab(session, item, path)));
}

function saveTabs(tabs: TabRoute[]): void {
  if (persistence) localStorage.setItem(TABS_KEY, JSON.stringify(tabs));
}

/**
 * Spec §4: persisting writes the tabs to storage only while persistenceTab is on; turning it off
 * clears what was saved. The settings owner calls this when the switch changes.
 */
export function setTabPersistence(on: boolean): void {
  persistence = on;
  localStorage.setItem(settings.storageKeys.persistenceTab, String(on));
  if (on) saveTabs(tabsStore.get());
  else localStorage.removeItem(TABS_KEY);
}

/** Scroll position per route name (spec §3); zero positions are not kept. */
let scrollTops = readJson(settings.storageKeys.scrollTop, isScrollMemory, {});

function saveScroll(next: Record<string, number>): void {
  scrollTops = next;
  localStorage.setItem(settings.storageKeys.scrollTop, JSON.stringify(next));
}

const isOpen = (name: string, tabs = tabsStore.get()) => tabs.some((tab) => tab.name === name);

/** Remembers where a route's view was scrolled to; a route with no open tab has no view to return to. */
export function rememberScroll(name: string, top: number): void {
  if (!isOpen(name)) return;
  const next = { ...scrollTops };
  if (top > 0) next[name] = Math.round(top);
  else delete next[name];
  saveScroll(next);
}

export function savedScroll(name: string): number {
  return scrollTops[name] ?? 0;
}

tabsStore.subscribe((tabs) => {
  saveTabs(tabs);
  // A closed route reopens on a fresh view, so it starts at the top too.
  const names = Object.keys(scrollTops);
  if (names.some((name) => !isOpen(name, tabs))) {
    saveScroll(Object.fromEntries(names.filter((name) => isOpen(name, tabs)).map((name) => [name, scrollTops[name]])));
  }
});

// A session that ends (logout, a reset) closes its tabs: the next user starts with a bar of their own.
sessionStore.subscribe((session) => {
  if (!session) tabsStore.set([]);
});

/** How often each path was refreshed; its view is keyed by this, so a refresh remounts it. */
export const refreshCounts = createStore<Record<string, number>>({});

export function refreshTab(path: string): void {
  refreshCounts.set((counts) => ({ ...counts, [path]: (counts[path] ?? 0) + 1 }));
}
