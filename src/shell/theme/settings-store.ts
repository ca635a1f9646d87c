import { settings } from '../../contract/settings';
import { createStore, type ReadableStore, type Store } from '../store';
import { colorMode, type ColorMode } from './theme';
import { themeStore, updateTheme } from './theme-store';
import { setTabPersistence } from '../tabs/tabs-store';

/**
 * The settings store of spec §3: each value persisted under its §9 key. Language, lock, theme and
 * device have their own modules (the login page and the lock screen need them before the console
 * frame loads) and the tabs own scroll positions; all are gathered here so the frame has one place
 * to look.
 */
export { languageStore } from '../i18n/language-store';
export { lockStore } from '../auth/lock-store';
export { deviceStore, type Device } from './device-store';
export { themeStore } from './theme-store';

const storage = () => globalThis.localStorage;

/** A store kept in localStorage under `key`, read back with `parse` (null when nothing is saved). */
function persisted<T>(key: string, parse: (saved: string | null) => T): Store<T> {
  const store = createStore<T>(parse(storage()?.getItem(key) ?? null));
  store.subscribe((value) => localStorage.setItem(key, String(value)));
  return store;
}

const { storageKeys } = settings;

/** Whether the side menu is collapsed; until the user toggles it, the theme's foldSidebar decides. */
export const collapseStore = persisted(storageKeys.collapse, (saved) =>
  saved === null ? themeStore.get().foldSidebar : saved === 'true',
);

export const logoStore = persisted(storageKeys.logo, (saved) => saved || settings.logo);
export const titleStore = persisted(storageKeys.title, (saved) => saved || settings.title);

/**
 * Tabs survive a reload unless this is off; the tabs store keeps the key and, when it is turned
 * off, clears the saved tabs (spec §4).
 */
export const persistenceTabStore = createStore(storage()?.getItem(storageKeys.persistenceTab) !== 'false');
persistenceTabStore.subscribe(setTabPersistence);

/** Scroll position per route name, under `scrollTop`: the tabs store owns it, as it owns the views. */
export { rememberScroll, savedScroll } from '../tabs/tabs-store';

const mode = createStore<ColorMode>(colorMode(themeStore.get()));
themeStore.subscribe((theme) => mode.set(colorMode(theme)));

/** Light or dark as shown: derived from the theme (spec §4), so it is read-only here. */
export const modeStore: ReadableStore<ColorMode> = mode;

/** The setting is kept under any theme, but only the default theme shows it (spec §4). */
export function setMode(next: ColorMode): void {
  updateTheme({ colorMode: next });
}
