import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { settings } from '../../contract/settings';
import { createStore } from '../store';
import type { Language } from './types';

const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

function initial(): Language {
  const saved = globalThis.localStorage?.getItem(settings.storageKeys.language);
  return saved === 'en' || saved === 'zh' ? saved : settings.defaultLanguage;
}

function apply(lang: Language): void {
  dayjs.locale(DAYJS_LOCALES[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/** The console's language; persisted under the spec's `language` key, applied to dayjs at once. */
export const languageStore = createStore<Language>(initial());
apply(languageStore.get());

languageStore.subscribe((lang) => {
  localStorage.setItem(settings.storageKeys.language, lang);
  apply(lang);
});
