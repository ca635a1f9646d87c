import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES modules: antd/locale/* re-export the CommonJS build, a second copy of every locale on the first page.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
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

const ANTD_LOCALES = { zh: zhCN, en: enUS } as const;

/** Language for the whole console: our strings, antd's locale and dayjs's locale switch together. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const lang = useStore(languageStore);
  const t = useCallback<I18n['t']>((key, params) => translate(lang, key, params), [lang]);
  const value = useMemo<I18n>(() => ({ lang, t, setLanguage: selectLanguage }), [lang, t]);
  return (
    <I18nContext.Provider value={value}>
      <ConfigProvider locale={ANTD_LOCALES[lang]}>
        {children}
      </ConfigProvider>
    </I18nContext.Provider>
  );
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside <I18nProvider>');
  return value;
}
