import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useStore } from '../store';
import { languageStore } from '../i18n/language-store';
import { ANTD_LOCALES } from '../i18n/antd-locales';
import { themeStore } from './theme-store';
import { KeptStyles } from './KeptStyles';

/**
 * antd's configuration for everything but the signed-out pages: the language's locale and the
 * theme's colour, radius and font size as tokens. Dark mode is the console frame's alone
 * (ConsoleLayout), so what is drawn outside it is light. Its own chunk, loaded beside the first
 * page that needs it: ConfigProvider and what it brings (tooltips' shared popup among them) are
 * not on the signed-out pages' download (they draw their own controls), nor is antd's style engine,
 * whose one kept cache (KeptStyles) every configured part of the app shares.
 */
export default function AntdConfig({ children }: { children: ReactNode }) {
  const lang = useStore(languageStore);
  const { color, radius, fontSize } = useStore(themeStore);
  const tokens = useMemo(() => ({ token: { colorPrimary: color, borderRadius: radius, fontSize } }), [color, radius, fontSize]);
  return (
    <KeptStyles>
      <ConfigProvider locale={ANTD_LOCALES[lang]} theme={tokens}>
        {children}
      </ConfigProvider>
    </KeptStyles>
  );
}
