import { settings } from '../../contract/settings';
import { createStore } from '../store';
import { deviceStore } from './device-store';
import { defaultTheme, parseTheme, type Theme } from './theme';

/** The console's theme, saved under `shop-vite-theme` on every change (spec §4). */
export const themeStore = createStore<Theme>(parseTheme(globalThis.localStorage?.getItem(settings.storageKeys.theme)));

export function updateTheme(patch: Partial<Theme>): void {
  themeStore.set((theme) => ({ ...theme, ...patch }));
}

/** Back to the defaults; a phone gets the vertical layout, the only one that fits it. */
export function resetTheme(): void {
  themeStore.set({ ...defaultTheme, ...(deviceStore.get() === 'mobile' ? { layout: 'vertical' as const } : {}) });
}

// On <html>, beyond antd's tokens: the colour-weak filter must cover every page, drawers and
// pop-ups included; the colour, radius and font size are what the signed-out pages' own controls
// (shell/controls, no antd there) are drawn with.
function applyToPage({ colorWeakness, color, radius, fontSize }: Theme): void {
  if (typeof document === 'undefined') return;
  const { style } = document.documentElement;
  style.filter = colorWeakness ? 'invert(80%)' : '';
  style.setProperty('--app-primary', color);
  style.setProperty('--app-radius', `${radius}px`);
  style.setProperty('--app-font-size', `${fontSize}px`);
}

applyToPage(themeStore.get());
themeStore.subscribe((theme) => {
  localStorage.setItem(settings.storageKeys.theme, JSON.stringify(theme));
  applyToPage(theme);
});
