import { settings } from '../../contract/settings';
import { createStore } from '../store';
import type { Language } from './types';
import { loadCatalogue } from './translate';

function initial(): Language {
  const saved = globalThis.localStorage?.getItem(settings.storageKeys.language);
  return saved === 'en' || saved === 'zh' ? saved : settings.defaultLanguage;
}

function apply(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  // dayjs is loaded on the side: the login page has no dates and a tight download budget, and the
  // screens that format dates load long after this has resolved.
  void import('./dayjs-locale').then((m) => m.applyDayjsLocale(lang));
}

/** The console's language; persisted under the spec's `language` key, applied to dayjs too. */
export const languageStore = createStore<Language>(initial());
apply(languageStore.get());

languageStore.subscribe((lang) => {
  localStorage.setItem(settings.storageKeys.language, lang);
  apply(lang);
});

/** Switches the console's language once its strings are loaded, so no screen shows half of each. */
export async function selectLanguage(lang: Language): Promise<void> {
  await loadCatalogue(lang);
  languageStore.set(lang);
}

/**
 * Before the first render: the saved language's strings for the signed-out pages. Chinese's are
 * bundled with them; English downloads whole.
 */
export function loadInitialLanguage(): Promise<void> {
  const lang = languageStore.get();
  return lang === 'zh' ? Promise.resolve() : loadCatalogue(lang);
}

/** Before any page but the signed-out ones is drawn: the language's whole catalogue (withStrings). */
export function loadAllStrings(): Promise<void> {
  return loadCatalogue(languageStore.get());
}
