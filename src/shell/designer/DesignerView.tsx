import { lazy, Suspense, useId, useState } from 'react';
import { Card, Tabs } from 'antd';
import { useI18n } from '../i18n/I18nProvider';
import { Loading } from '../loading/Loading';
import { ScreensPanel } from './ScreensPanel';
import { ResourcesPanel } from './ResourcesPanel';

const ScreenEditor = lazy(() => import('./ScreenEditor').then((m) => ({ default: m.ScreenEditor })));
const MenuTreeEditor = lazy(() => import('./MenuTreeEditor'));
const RoleGrantsEditor = lazy(() => import('./RoleGrantsEditor'));

/**
 * Settings › Screen designer: screens and resources, the menu and the roles' grants — everything an
 * admin needs to put a new screen in front of a role without a redeploy.
 */
export default function DesignerView() {
  const { t } = useI18n();
  const [tab, setTab] = useState('screens');
  const [editing, setEditing] = useState<string | null>(null);
  // rc-tabs names its overflow button from this id ("null-more" without one).
  const tabsId = useId();

  if (editing) {
    return (
      <Suspense fallback={<Loading />}>
        <ScreenEditor id={editing} onBack={() => setEditing(null)} />
      </Suspense>
    );
  }
  return (
    <Card>
      <Tabs
        id={tabsId}
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'screens', label: t('designer.tabScreens'), children: <ScreensPanel onOpen={setEditing} /> },
          { key: 'resources', label: t('designer.tabResources'), children: <ResourcesPanel onOpenScreen={setEditing} /> },
          { key: 'menus', label: t('designer.tabMenus'), children: <Suspense fallback={<Loading />}><MenuTreeEditor /></Suspense> },
          { key: 'roles', label: t('designer.tabRoles'), children: <Suspense fallback={<Loading />}><RoleGrantsEditor /></Suspense> },
        ]}
      />
    </Card>
  );
}
