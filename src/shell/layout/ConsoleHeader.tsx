import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Breadcrumb, Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useStore } from '../store';
import { sessionStore } from '../auth/session';
import { useI18n } from '../i18n/I18nProvider';
import { collapseStore } from '../theme/settings-store';
import { HeaderTools } from './HeaderTools';
import { menuIcon } from '../router/menu-icons';
import { menuTrail } from './menu-model';

/** The header bar: whatever the layout puts on the left, the header tools on the right. */
export function ConsoleHeader({ children }: { children?: ReactNode }) {
  return (
    <Layout.Header className="console-header">
      <div className="console-header-main">{children}</div>
      <HeaderTools />
    </Layout.Header>
  );
}

/** Collapses and expands the side menu; the mobile layout passes its own action (open the drawer). */
export function FoldButton({ onClick }: { onClick?: () => void }) {
  const { t } = useI18n();
  const collapsed = useStore(collapseStore);
  const folded = collapsed || !!onClick;
  const label = folded ? t('app.expand') : t('app.collapse');
  return (
    <Button
      type="text"
      aria-label={label}
      title={label}
      icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      onClick={onClick ?? (() => collapseStore.set(!collapsed))}
    />
  );
}

/** Where the open page sits in the menu: its groups, then its own title. */
export function Breadcrumbs() {
  const { lang } = useI18n();
  const { menu } = useStore(sessionStore)!;
  const { pathname } = useLocation();
  const items = useMemo(
    () =>
      menuTrail(menu, pathname).map((item) => ({
        title: (
          <>
            {menuIcon(item.icon)} <span>{item.title[lang]}</span>
          </>
        ),
      })),
    [menu, pathname, lang],
  );
  return <Breadcrumb className="console-breadcrumb" items={items} />;
}
