import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Layout } from 'antd';
import { settings } from '../../contract/settings';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { themeStore } from '../theme/settings-store';
import type { PageTransition } from '../theme/theme';
import { TabsBar } from '../tabs/TabsBar';
import { useSiteTitle } from './Brand';
import { useMenuPathFollowsLocation } from '../router/menu-path';

const ENTER: Record<Exclude<PageTransition, 'none'>, Keyframe[]> = {
  fade: [{ opacity: 0 }, { opacity: 1 }],
  slide: [{ opacity: 0, transform: 'translateX(-24px)' }, { opacity: 1, transform: 'none' }],
};

/**
 * Plays the theme's page transition when the path changes. Played on the element rather than by
 * remounting it, so the views kept alive below are left alone.
 */
function usePageTransition(pathname: string) {
  const ref = useRef<HTMLDivElement>(null);
  const { pageTransition } = useStore(themeStore);
  useEffect(() => {
    if (pageTransition !== 'none') ref.current?.animate?.(ENTER[pageTransition], { duration: 300, easing: 'ease-out' });
  }, [pathname, pageTransition]);
  return ref;
}

/**
 * The page column: the layout's header when it sits in this column, the tabs bar, the routed view
 * and the footer. `.console-content` is the part that scrolls (the tabs keep each view's scroll
 * position on it); with a fixed header the header and the tabs bar stay above it, otherwise they
 * scroll away inside it.
 */
export function ContentArea({ header }: { header?: ReactNode }) {
  const { pathname } = useLocation();
  useMenuPathFollowsLocation();
  const theme = useStore(themeStore);
  const ref = usePageTransition(pathname);
  const top = (
    <>
      {header}
      {theme.showTabs && <TabsBar style={theme.tabsBarStyle} showIcon={theme.showTabsIcon} draggable={theme.tabDrag} />}
    </>
  );
  return (
    <>
      {theme.fixedHeader && top}
      <Layout.Content className="console-content">
        {!theme.fixedHeader && top}
        <div ref={ref} className="console-view">
          <Outlet />
        </div>
        {theme.showFooter && <ConsoleFooter />}
      </Layout.Content>
    </>
  );
}

function ConsoleFooter() {
  const { t } = useI18n();
  const title = useSiteTitle();
  return (
    <Layout.Footer className="console-footer" style={{ height: settings.footerHeight }}>
      {t('layout.copyright', { year: new Date().getFullYear(), title })}
    </Layout.Footer>
  );
}
