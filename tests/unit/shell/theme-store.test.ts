import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settings } from '../../../src/contract/settings';
import { colorMode, defaultTheme, parseTheme } from '../../../src/shell/theme/theme';
import { resetTheme, themeStore, updateTheme } from '../../../src/shell/theme/theme-store';
import {
  collapseStore, deviceStore, languageStore, lockStore, logoStore, modeStore, persistenceTabStore, rememberScroll,
  setMode, titleStore,
} from '../../../src/shell/theme/settings-store';
import { tabsStore } from '../../../src/shell/tabs/tabs-store';

const saved = () => JSON.parse(localStorage.getItem('shop-vite-theme') ?? 'null');

describe('the theme', () => {
  beforeEach(() => {
    deviceStore.set('desktop');
    themeStore.set(defaultTheme);
  });

  it('starts from the spec defaults', () => {
    expect(defaultTheme).toMatchObject({ layout: 'comprehensive', color: '#4e88f3', menuWidth: 140, radius: 5, fontSize: 13 });
  });

  it('is saved under shop-vite-theme on every change', () => {
    updateTheme({ layout: 'column', columnStyle: 'arrow', color: '#13c2c2' });
    expect(saved()).toMatchObject({ layout: 'column', columnStyle: 'arrow', color: '#13c2c2', menuWidth: 140 });
    updateTheme({ showSearch: false });
    expect(saved()).toMatchObject({ layout: 'column', showSearch: false });
  });

  it('is read back from shop-vite-theme when the console opens again', async () => {
    localStorage.setItem('shop-vite-theme', JSON.stringify({ ...defaultTheme, layout: 'fall', radius: 9, colorWeakness: true }));
    vi.resetModules();
    const reloaded = await import('../../../src/shell/theme/theme-store');
    expect(reloaded.themeStore.get()).toMatchObject({ layout: 'fall', radius: 9, colorWeakness: true });
    expect(document.documentElement.style.filter).toBe('invert(80%)');
    reloaded.updateTheme({ colorWeakness: false });
    expect(document.documentElement.style.filter).toBe('');
  });

  it('puts its colour, radius and font size on the page for the signed-out pages’ own controls', () => {
    updateTheme({ color: '#13c2c2', radius: 9, fontSize: 15 });
    const { style } = document.documentElement;
    expect([style.getPropertyValue('--app-primary'), style.getPropertyValue('--app-radius'), style.getPropertyValue('--app-font-size')]).toEqual(['#13c2c2', '9px', '15px']);
  });

  it('takes the default for each malformed field, and the 266 px fallback for a bad menu width', () => {
    const theme = parseTheme(JSON.stringify({ layout: 'diagonal', color: 'red', menuWidth: 'wide', fixedHeader: 'yes', showTabs: false }));
    expect(theme).toEqual({ ...defaultTheme, menuWidth: settings.menuWidthFallback, showTabs: false });
    expect(parseTheme('{not json')).toEqual(defaultTheme);
    expect(parseTheme(null)).toEqual(defaultTheme);
  });

  it('resets to the defaults', () => {
    updateTheme({ layout: 'horizontal', themeName: 'technology', radius: 12, showFooter: false });
    resetTheme();
    expect(themeStore.get()).toEqual(defaultTheme);
    expect(saved()).toEqual(defaultTheme);
  });

  it('resets to the vertical layout on a phone', () => {
    updateTheme({ layout: 'column', fontSize: 16 });
    deviceStore.set('mobile');
    resetTheme();
    expect(themeStore.get()).toEqual({ ...defaultTheme, layout: 'vertical' });
  });
});

describe('light and dark', () => {
  beforeEach(() => themeStore.set(defaultTheme));

  it('follows the default theme’s setting', () => {
    expect(modeStore.get()).toBe('light');
    setMode('dark');
    expect(modeStore.get()).toBe('dark');
    expect(saved()).toMatchObject({ themeName: 'default', colorMode: 'dark' });
  });

  it('is light under any other theme, and dark again on returning to the default one', () => {
    setMode('dark');
    updateTheme({ themeName: 'plain' });
    expect(modeStore.get()).toBe('light');
    updateTheme({ themeName: 'technology' });
    expect(modeStore.get()).toBe('light');
    setMode('dark');
    expect(modeStore.get()).toBe('light');
    updateTheme({ themeName: 'default' });
    expect(modeStore.get()).toBe('dark');
    expect(colorMode({ ...defaultTheme, themeName: 'plain', colorMode: 'dark' })).toBe('light');
  });
});

describe('the settings store', () => {
  afterEach(() => tabsStore.set([]));

  it('writes each setting under its spec key', () => {
    collapseStore.set(true);
    persistenceTabStore.set(false);
    languageStore.set('en');
    lockStore.set(true);
    logoStore.set('/logo.png');
    titleStore.set('我的店铺');
    tabsStore.set([{ path: '/goods/list', name: 'GoodsList', meta: { title: { zh: '商品列表', en: 'Goods List' }, icon: '' } }]);
    rememberScroll('GoodsList', 320);
    expect(localStorage.getItem('collapse')).toBe('true');
    expect(localStorage.getItem('persistenceTab')).toBe('false');
    expect(localStorage.getItem('language')).toBe('en');
    expect(localStorage.getItem('lock')).toBe('true');
    expect(localStorage.getItem('logo')).toBe('/logo.png');
    expect(localStorage.getItem('title')).toBe('我的店铺');
    expect(JSON.parse(localStorage.getItem('scrollTop')!)).toEqual({ GoodsList: 320 });
    languageStore.set('zh');
    lockStore.set(false);
  });

  it('drops the saved tabs when tab persistence is turned off', () => {
    persistenceTabStore.set(true);
    tabsStore.set([{ path: '/goods/list', name: 'GoodsList', meta: { title: { zh: '商品列表', en: 'Goods List' }, icon: '' } }]);
    expect(localStorage.getItem('shop-vite-tabs')).toContain('GoodsList');
    persistenceTabStore.set(false);
    expect(localStorage.getItem('shop-vite-tabs')).toBeNull();
  });

  it('takes the collapse default from the theme until the user toggles it', async () => {
    localStorage.setItem('shop-vite-theme', JSON.stringify({ foldSidebar: true }));
    vi.resetModules();
    expect((await import('../../../src/shell/theme/settings-store')).collapseStore.get()).toBe(true);
    localStorage.setItem('collapse', 'false');
    vi.resetModules();
    expect((await import('../../../src/shell/theme/settings-store')).collapseStore.get()).toBe(false);
  });

  it('is a phone below 992 px wide, following the window as it changes', async () => {
    let notify: ((event: { matches: boolean }) => void) | undefined;
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(max-width: 991.98px)',
          addEventListener: (_: string, listener: typeof notify) => (notify = listener),
        }) as unknown as MediaQueryList,
    );
    vi.resetModules();
    const { deviceStore: device } = await import('../../../src/shell/theme/device-store');
    expect(device.get()).toBe('mobile');
    notify!({ matches: false });
    expect(device.get()).toBe('desktop');
    matchMedia.mockRestore();
  });
});
