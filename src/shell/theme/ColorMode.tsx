import type { ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { useStore } from '../store';
import { modeStore } from './settings-store';
import type { ColorMode as Mode } from './theme';

/** antd's algorithm for a colour mode. */
export const modeAlgorithm = (mode: Mode) => (mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm);

/** Draws its children light or dark as the theme says: for what the signed-in user sees outside the frame (the lock screen). */
export function ColorMode({ children }: { children: ReactNode }) {
  const mode = useStore(modeStore);
  return <ConfigProvider theme={{ algorithm: modeAlgorithm(mode) }}>{children}</ConfigProvider>;
}
