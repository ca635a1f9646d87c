import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Layout, Menu } from 'antd';
import type { MenuItem } from '../../contract/api/auth';
import { settings } from '../../contract/settings';
import { useStore } from '../store';
import { sessionStore } from '../auth/session';
import { useI18n } from '../i18n/I18nProvider';
import { collapseStore, themeStore } from '../theme/settings-store';
import { useOpenPage } from '../tabs/open-page';
import { menuPathStore } from '../router/menu-path';
import { Brand } from './Brand';
import { firstPage, menuFitWidth, menuTrail, openGroups, toAntItems } from './menu-model';

const COLLAPSED_WIDTH = 64;
const INLINE_INDENT = 16;
/**
 * What the sider takes from its menu's width beside the labels: its 1 px right border, and the
 * scrollbar that shows once the open groups are taller than the window (15 px in Chromium and
 * Windows browsers). Without them a label that fits to the pixel ("微信小店订单" on the third
 * level) was cut to "微信小店…" as soon as the menu scrolled.
 */
const SIDER_CHROME = 1 + 16;

/**
 * The side menu's width: the theme's, widened as far as the 266 px fallback when a label would
 * not fit (English titles, a third menu level), so no label is cut short at the 140 px default.
 */
export function useMenuWidth(): number {
  const { lang } = useI18n();
  const { menu } = useStore(sessionStore)!;
  const { menuWidth, fontSize } = useStore(themeStore);
  const fit = useMemo(() => Math.ceil(menuFitWidth(menu, lang, fontSize, INLINE_INDENT) + SIDER_CHROME), [menu, lang, fontSize]);
  return Math.max(menuWidth, Math.min(fit, settings.menuWidthFallback));
}

/** A dark menu when its background is coloured (technology theme, or following the primary colour). */
export function useMenuTheme(): 'light' | 'dark' {
  const { themeName, isFollow } = useStore(themeStore);
  return isFollow || themeName === 'technology' ? 'dark' : 'light';
}

interface SideMenuProps {
  items: MenuItem[];
  collapsed?: boolean;
  /** Called after a page is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** The inline menu: the open page (menu-path) selected and its groups expanded, also when reached another way. */
export function SideMenu({ items, collapsed = false, onNavigate }: SideMenuProps) {
  const { lang } = useI18n();
  const openPage = useOpenPage();
  const pathname = useStore(menuPathStore);
  const menuTheme = useMenuTheme();
  const antItems = useMemo(() => toAntItems(items, lang), [items, lang]);
  const [openKeys, setOpenKeys] = useState(() => openGroups(items, pathname));
  const [openedFor, setOpenedFor] = useState(pathname);
  if (openedFor !== pathname) {
    setOpenedFor(pathname);
    setOpenKeys((keys) => [...new Set([...keys, ...openGroups(items, pathname)])]);
  }
  return (
    <Menu
      mode="inline"
      theme={menuTheme}
      inlineIndent={INLINE_INDENT}
      items={antItems}
      selectedKeys={[pathname]}
      // A label shown whole needs no tooltip; antd wraps every item in one unless told, which
      // costs each navigation a redraw of a tooltip per item.
      tooltip={collapsed ? undefined : false}
      // While collapsed antd shows groups as pop-ups and must own which one is open.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        openPage(key);
        onNavigate?.();
      }}
    />
  );
}

/**
 * A menu bar in the header: the whole tree with pop-ups, or (depth 1) just the groups, each going
 * to its first page. The open page's trail is highlighted.
 */
export function TopMenu({ items, depth }: { items: MenuItem[]; depth?: number }) {
  const { lang } = useI18n();
  const openPage = useOpenPage();
  const { pathname } = useLocation();
  const antItems = useMemo(() => toAntItems(items, lang, depth), [items, lang, depth]);
  return (
    <Menu
      className="console-top-menu"
      mode="horizontal"
      items={antItems}
      selectedKeys={menuTrail(items, pathname).map((item) => item.path)}
      onClick={({ key }) => {
        const chosen = menuTrail(items, key).at(-1);
        openPage((chosen && firstPage(chosen)) ?? key);
      }}
    />
  );
}

interface SideBarProps {
  items: MenuItem[];
  /** The logo and site title on top, shrinking to the logo when collapsed. */
  brand?: boolean;
  /** A heading on top (the chosen group); a side bar with one hides entirely when collapsed. */
  title?: string;
}

/** The side column at the menu width, collapsible to its icons. */
export function SideBar({ items, brand = false, title }: SideBarProps) {
  const collapsed = useStore(collapseStore);
  const width = useMenuWidth();
  const menuTheme = useMenuTheme();
  return (
    <Layout.Sider
      className="console-sider"
      width={width}
      collapsedWidth={title === undefined ? COLLAPSED_WIDTH : 0}
      collapsed={collapsed}
      theme={menuTheme}
      trigger={null}
    >
      {brand && <Brand collapsed={collapsed} />}
      {title !== undefined && <div className="console-sider-title">{title}</div>}
      <SideMenu items={items} collapsed={collapsed} />
    </Layout.Sider>
  );
}
