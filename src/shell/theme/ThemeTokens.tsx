import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useStore } from '../store';
import { themeStore } from './theme-store';

/**
 * The theme's colour, radius and font size as antd tokens for the whole app, signed-out pages
 * included; dark mode is the console frame's alone (ConsoleLayout), so the pages before sign-in are
 * drawn light. antd merges this with the language's ConfigProvider above it.
 */
export function ThemeTokens({ children }: { children: ReactNode }) {
  const { color, radius, fontSize } = useStore(themeStore);
  const tokens = useMemo(() => ({ token: { colorPrimary: color, borderRadius: radius, fontSize } }), [color, radius, fontSize]);
  return <ConfigProvider theme={tokens}>{children}</ConfigProvider>;
}
