import { settings } from '../../contract/settings';

export const LAYOUTS = ['comprehensive', 'vertical', 'horizontal', 'column', 'fall', 'common'] as const;
export const THEME_NAMES = ['default', 'plain', 'technology'] as const;
export const COLUMN_STYLES = ['horizontal', 'vertical', 'card', 'arrow', 'semicircle'] as const;
export const TABS_BAR_STYLES = ['card', 'smart', 'smooth', 'rect'] as const;
export const PAGE_TRANSITIONS = ['none', 'fade', 'slide'] as const;
export const COLOR_MODES = ['light', 'dark'] as const;

export type LayoutName = (typeof LAYOUTS)[number];
export type ThemeName = (typeof THEME_NAMES)[number];
export type ColumnStyle = (typeof COLUMN_STYLES)[number];
export type TabsBarStyle = (typeof TABS_BAR_STYLES)[number];
export type PageTransition = (typeof PAGE_TRANSITIONS)[number];
export type ColorMode = (typeof COLOR_MODES)[number];

/** Every theme field of spec §3, saved as one JSON object under `shop-vite-theme`. */
export interface Theme {
  layout: LayoutName;
  /** 'plain' is the borderless, flat look; 'technology' a navy menu and header. Only 'default' has a dark mode. */
  themeName: ThemeName;
  /** Side menu width in px (the second column in the column layout). */
  menuWidth: number;
  /** How the first column of the column layout draws its groups. */
  columnStyle: ColumnStyle;
  /** Primary colour, a hex string. */
  color: string;
  /** The side menu's background follows the primary colour. */
  isFollow?: boolean;
  /**
   * The header and the tabs bar stay put while the page scrolls; off, they scroll away with it.
   * A full-width top bar (comprehensive, horizontal, fall, common) frames the page and always stays.
   */
  fixedHeader: boolean;
  /** A thin bar at the top of the page while a route opens. */
  showProgressBar: boolean;
  showFooter: boolean;
  showTabs: boolean;
  tabsBarStyle: TabsBarStyle;
  showTabsIcon: boolean;
  tabDrag: boolean;
  /** The show… switches below each show or hide one header tool. */
  showLanguage: boolean;
  showRefresh: boolean;
  showSearch: boolean;
  showTheme: boolean;
  showNotice: boolean;
  showFullScreen: boolean;
  /** A floating button at the right edge that opens the theme drawer. */
  showThemeSetting: boolean;
  showDark: boolean;
  /** The side menu starts collapsed until the user toggles it (then `collapse` remembers). */
  foldSidebar: boolean;
  pageTransition: PageTransition;
  /** Corner radius in px. */
  radius: number;
  showLock: boolean;
  showColorPicker: boolean;
  /** Greyscale-and-contrast filter on the whole page for colour-weak users. */
  colorWeakness: boolean;
  showFontSize: boolean;
  /** Base font size in px. */
  fontSize: number;
  /** The header tools can be reordered by dragging. */
  rightToolsDrag: boolean;
  /** The light/dark setting; it only takes effect with the default theme (spec §4). */
  colorMode: ColorMode;
}

export const defaultTheme: Theme = {
  layout: settings.layout,
  themeName: 'default',
  menuWidth: settings.menuWidth,
  columnStyle: 'card',
  color: settings.color,
  isFollow: false,
  fixedHeader: true,
  showProgressBar: true,
  showFooter: true,
  showTabs: true,
  tabsBarStyle: 'card',
  showTabsIcon: true,
  tabDrag: false,
  showLanguage: true,
  showRefresh: true,
  showSearch: true,
  showTheme: true,
  showNotice: true,
  showFullScreen: true,
  showThemeSetting: false,
  showDark: true,
  foldSidebar: false,
  pageTransition: 'fade',
  radius: settings.radius,
  showLock: true,
  showColorPicker: false,
  colorWeakness: false,
  showFontSize: false,
  fontSize: settings.fontSize,
  rightToolsDrag: false,
  colorMode: 'light',
};

/** Spec §4: the default theme follows its light/dark setting; any other theme is light. */
export function colorMode(theme: Theme): ColorMode {
  return theme.themeName === 'default' ? theme.colorMode : 'light';
}

const CHOICES: Partial<Record<keyof Theme, readonly string[]>> = {
  layout: LAYOUTS,
  themeName: THEME_NAMES,
  columnStyle: COLUMN_STYLES,
  tabsBarStyle: TABS_BAR_STYLES,
  pageTransition: PAGE_TRANSITIONS,
  colorMode: COLOR_MODES,
};

function accepts(key: keyof Theme, value: unknown): boolean {
  const fallback = defaultTheme[key];
  if (typeof value !== typeof fallback) return false;
  if (typeof value === 'number') return Number.isFinite(value) && value > 0;
  if (key === 'color') return /^#[0-9a-f]{6}$/i.test(value as string);
  return CHOICES[key]?.includes(value as string) ?? true;
}

/**
 * A theme read back from storage, field by field: whatever is missing or malformed (an older
 * version, a hand edit) takes its default, and a bad menu width the spec's 266 px fallback.
 */
export function parseTheme(saved: string | null): Theme {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = saved ? JSON.parse(saved) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable JSON is the same as nothing saved.
  }
  const theme = { ...defaultTheme };
  for (const key of Object.keys(defaultTheme) as (keyof Theme)[]) {
    if (accepts(key, stored[key])) Object.assign(theme, { [key]: stored[key] });
    else if (key === 'menuWidth' && key in stored) theme.menuWidth = settings.menuWidthFallback;
  }
  return theme;
}
