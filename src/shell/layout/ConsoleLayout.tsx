import { useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { App as AntApp, Avatar, Button, Dropdown, Layout, Menu, Typography, type MenuProps } from 'antd';
import { KeyOutlined, LockOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import type { MenuItem } from '../../contract/api/auth';
import { settings } from '../../contract/settings';
import { useStore } from '../store';
import { logout, sessionStore } from '../auth/session';
import { lockStore } from '../auth/lock-store';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import type { Language } from '../i18n/types';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { menuIcon } from './menu-icons';
import { ShellEventsBridge } from '../router/ShellEventsBridge';
import './layout.css';

type AntMenuItem = Required<MenuProps>['items'][number];

function toAntItems(items: MenuItem[], lang: Language): AntMenuItem[] {
  return items
    .filter((item) => !item.hidden)
    .map((item) => {
      const children = toAntItems(item.children, lang);
      return {
        key: item.path,
        icon: menuIcon(item.icon),
        label: item.title[lang],
        ...(children.length > 0 ? { children } : {}),
      };
    });
}

/** Ancestors of the open path, so its group starts expanded. */
function openGroups(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}

/** The console frame: menu from the server, header with language and user, the routed view. */
export default function ConsoleLayout() {
  const session = useStore(sessionStore)!;
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(settings.storageKeys.collapse) === 'true');
  const items = useMemo(() => toAntItems(session.menu, lang), [session.menu, lang]);

  function toggle() {
    localStorage.setItem(settings.storageKeys.collapse, String(!collapsed));
    setCollapsed(!collapsed);
  }

  async function lockScreen() {
    await request('/api/index/lock');
    lockStore.set(true);
  }

  const userMenu: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: t('app.userCenter'), onClick: () => navigate('/main/user-center') },
    { key: 'password', icon: <KeyOutlined />, label: t('changePassword.title'), onClick: () => navigate('/main/password') },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: t('app.logout'),
      onClick: async () => {
        await logout();
        navigate('/login', { replace: true });
      },
    },
  ];

  return (
    // antd's App (messages, modals) lives in the console frame only, so the login page does not load it.
    <AntApp>
      <ShellEventsBridge />
      <Layout className="console">
      <Layout.Sider
        className="console-sider"
        width={settings.menuWidthFallback}
        collapsedWidth={64}
        collapsed={collapsed}
        theme="light"
      >
        <div className="console-brand">
          <img src="/favicon.svg" alt="" />
          {!collapsed && <span>{t('app.siteTitle')}</span>}
        </div>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          defaultOpenKeys={openGroups(pathname)}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Button
            type="text"
            aria-label={collapsed ? t('app.expand') : t('app.collapse')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggle}
          />
          <div className="console-tools">
            <LanguageSwitch />
            <Button type="text" icon={<LockOutlined />} aria-label={t('lock.button')} title={t('lock.button')} onClick={lockScreen} />
            <Dropdown menu={{ items: userMenu }} placement="bottomRight">
              <span className="console-user" data-testid="user-menu">
                <Avatar size="small" src={session.user_info.logo} />
                <Typography.Text>{session.user_info.name}</Typography.Text>
                <Typography.Text type="secondary">{session.team.name}</Typography.Text>
              </span>
            </Dropdown>
          </div>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
      </Layout>
    </AntApp>
  );
}
