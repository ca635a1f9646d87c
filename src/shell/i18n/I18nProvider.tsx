import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useStore } from '../store';
import { languageStore, selectLanguage } from './language-store';
import { translate } from './translate';
import type { Language, MessageKey } from './types';

interface I18n {
  lang: Language;
  t: (key: MessageKey, params?: Record<string, string | number>) => string;
  setLanguage: (lang: Language) => void;
}

const I18nContext = createContext<I18n | null>(null);

/**
 * The console's strings in its language. antd's own strings follow the same language through the
 * antd configuration each part of the app draws in (AntdConfig), not from here: this provider sits
 * above the signed-out pages, which draw no antd component.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const lang = useStore(languageStore);
  const t = useCallback<I18n['t']>((key, params) => translate(lang, key, params), [lang]);
  const value = useMemo<I18n>(() => ({ lang, t, setLanguage: selectLanguage }), [lang, t]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside <I18nProvider>');
  return value;
}
