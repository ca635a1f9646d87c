import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type CSSProperties } from 'react';
import { App as AntApp, Button, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { ShellEventsBridge } from '../router/ShellEventsBridge';
import { ChatRuntime } from '../chat/runtime';
import { deviceStore, modeStore, themeStore } from '../theme/settings-store';
import { themeDrawerStore } from '../theme/drawer-store';
import type { LayoutName, Theme } from '../theme/theme';
import { modeAlgorithm } from '../theme/ColorMode';
import ColumnLayout from './layouts/ColumnLayout';
import CommonLayout from './layouts/CommonLayout';
import ComprehensiveLayout from './layouts/ComprehensiveLayout';
import FallLayout from './layouts/FallLayout';
import HorizontalLayout from './layouts/HorizontalLayout';
import VerticalLayout from './layouts/VerticalLayout';
import { RouteProgress } from './RouteProgress';
import { useMenuWidth } from './SideBar';
import { ShellNavigateProvider } from '../router/shell-navigate';
import './layout.css';

// The drawer (and its colour picker) loads the first time someone opens it.
const ThemeDrawer = lazy(() => import('../theme/ThemeDrawer'));

const LAYOUTS: Record<LayoutName, ComponentType> = {
  comprehensive: ComprehensiveLayout,
  vertical: VerticalLayout,
  horizontal: HorizontalLayout,
  column: ColumnLayout,
  fall: FallLayout,
  common: CommonLayout,
};

const TECHNOLOGY_NAVY = '#0c2145';

/** A coloured menu background: the primary colour when the menu follows it, navy for technology. */
function menuBackground(theme: Theme): string | undefined {
  if (theme.isFollow) return theme.color;
  return theme.themeName === 'technology' ? TECHNOLOGY_NAVY : undefined;
}

/**
 * antd's theme for the frame, on top of the app-wide tokens: dark mode lives here, not on the
 * signed-out pages, and a coloured menu gets its background.
 */
function useFrameTheme(): ThemeConfig {
  const theme = useStore(themeStore);
  const mode = useStore(modeStore);
  const menuBg = menuBackground(theme);
  const follows = !!theme.isFollow;
  return useMemo(
    () => ({
      algorithm: modeAlgorithm(mode),
      components: menuBg
        ? {
            Layout: { siderBg: menuBg },
            Menu: {
              darkItemBg: menuBg,
              darkPopupBg: menuBg,
              darkSubMenuItemBg: 'rgba(0, 0, 0, 0.15)',
              // The primary colour cannot mark the selected item on a primary-coloured menu.
              ...(follows ? { darkItemSelectedBg: 'rgba(0, 0, 0, 0.28)' } : {}),
            },
          }
        : {},
    }),
    [mode, menuBg, follows],
  );
}

function LazyThemeDrawer() {
  const open = useStore(themeDrawerStore);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <ThemeDrawer />
    </Suspense>
  ) : null;
}

/**
 * The theme's layout (every layout is vertical on a phone), with antd's resolved tokens handed to
 * the frame's CSS as variables so it follows the colour and dark mode too.
 */
function ConsoleFrame() {
  const { t } = useI18n();
  const theme = useStore(themeStore);
  const mode = useStore(modeStore);
  const mobile = useStore(deviceStore) === 'mobile';
  const { token } = antdTheme.useToken();
  const menuWidth = useMenuWidth();
  const Layout = mobile ? VerticalLayout : LAYOUTS[theme.layout];

  useEffect(() => {
    // Native scrollbars and form controls take the mode's shade; the signed-out pages stay light.
    document.documentElement.style.colorScheme = mode;
    return () => {
      document.documentElement.style.colorScheme = '';
    };
  }, [mode]);

  const style = {
    '--console-bg': token.colorBgLayout,
    '--console-surface': token.colorBgContainer,
    '--console-border': token.colorBorderSecondary,
    '--console-text': token.colorText,
    '--console-text-secondary': token.colorTextSecondary,
    '--console-primary': token.colorPrimary,
    '--console-primary-bg': token.colorPrimaryBg,
    '--console-radius': `${token.borderRadius}px`,
    '--console-menu-width': `${menuWidth}px`,
    '--console-menu-bg': menuBackground(theme) ?? token.colorBgContainer,
  } as CSSProperties;
  const classes = ['console', `console--${mobile ? 'mobile' : theme.layout}`, `console--theme-${theme.themeName}`, `console--${mode}`];

  return (
    <div className={classes.join(' ')} style={style} data-testid="console">
      {theme.showProgressBar && <RouteProgress />}
      <Layout />
      {theme.showThemeSetting && (
        <Button
          className="console-theme-float"
          type="primary"
          icon={<SettingOutlined />}
          aria-label={t('theme.title')}
          title={t('theme.title')}
          onClick={() => themeDrawerStore.set(true)}
        />
      )}
      <LazyThemeDrawer />
    </div>
  );
}

/** A phone stacks its notifications into one pile from the first: three cards would cover half its screen. */
const PHONE_NOTIFICATIONS = { stack: { threshold: 1 } } as const;

/** The console frame: the chosen layout around the routed view, themed as the settings say. */
export default function ConsoleLayout() {
  const phone = useStore(deviceStore) === 'mobile';
  return (
    <ConfigProvider theme={useFrameTheme()}>
      {/* antd's App (messages, modals) lives in the console frame only, so the login page does not load it. */}
      <AntApp notification={phone ? PHONE_NOTIFICATIONS : undefined}>
        <ShellEventsBridge />
        <ChatRuntime />
        <ShellNavigateProvider>
          <ConsoleFrame />
        </ShellNavigateProvider>
      </AntApp>
    </ConfigProvider>
  );
}
