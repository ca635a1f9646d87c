import { useMemo, type ReactNode } from 'react';
// antd's own contexts, which ConfigProvider fills: the signed-out pages set only the two they use.
// ConfigProvider itself (and the tooltip popup, size and motion machinery it brings) is a tenth of
// the login page's download, for pages that draw a few inputs and buttons.
import { DesignTokenContext, defaultTheme } from 'antd/es/theme/context';
import defaultSeedToken from 'antd/es/theme/themes/seed';
import LocaleContext from 'antd/es/locale/context';
import { useStore } from '../store';
import { languageStore } from '../i18n/language-store';
import { ANTD_LOCALES } from '../i18n/antd-locales';
import { themeStore } from './theme-store';

/**
 * antd's theme tokens and locale for the signed-out pages (login, register, forgot password), as
 * AntdConfig gives them to the rest of the app: the same tokens over antd's default light theme.
 */
export function AuthTheme({ children }: { children: ReactNode }) {
  const lang = useStore(languageStore);
  const { color, radius, fontSize } = useStore(themeStore);
  const design = useMemo(() => {
    // What ConfigProvider's `theme={{ token }}` makes of the same tokens.
    const token = { ...defaultSeedToken, colorPrimary: color, borderRadius: radius, fontSize };
    return { theme: defaultTheme, token, components: {}, override: { override: token }, hashed: true };
  }, [color, radius, fontSize]);
  const locale = useMemo(() => ({ ...ANTD_LOCALES[lang], exist: true }), [lang]);
  return (
    <DesignTokenContext.Provider value={design}>
      <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>
    </DesignTokenContext.Provider>
  );
}
