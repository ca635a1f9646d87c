import { lazy, Suspense, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AutoComplete, Avatar, Button, Dropdown, Typography, type MenuProps } from 'antd';
import {
  FontSizeOutlined, FullscreenExitOutlined, FullscreenOutlined, KeyOutlined, LockOutlined, LogoutOutlined,
  MoonOutlined, ReloadOutlined, SearchOutlined, SkinOutlined, SunOutlined, TranslationOutlined, UserOutlined,
} from '@ant-design/icons';
import { useStore } from '../store';
import { logout, sessionStore } from '../auth/session';
import { useI18n } from '../i18n/I18nProvider';
import { LANGUAGES } from '../i18n/translate';
import { request } from '../request/client';
import { deviceStore, lockStore, modeStore, setMode, themeStore } from '../theme/settings-store';
import { updateTheme } from '../theme/theme-store';
import { themeDrawerStore } from '../theme/drawer-store';
import { refreshCurrentView } from './refresh-store';
import { useOpenPage } from '../tabs/open-page';
import { searchEntries } from './menu-model';
import { useShellNavigate } from '../router/shell-navigate';

// The colour picker is a sizeable component that few turn on: it loads when shown.
const ColorField = lazy(() => import('../theme/ColorField'));

function ToolButton({ label, icon, onClick, disabled }: { label: string; icon: ReactNode; onClick: () => void; disabled?: boolean }) {
  return <Button type="text" icon={icon} aria-label={label} title={label} onClick={onClick} disabled={disabled} />;
}

/** Finds a page by its menu title in the current language and opens it. */
export function MenuSearch() {
  const { t, lang } = useI18n();
  const openPage = useOpenPage();
  const { menu } = useStore(sessionStore)!;
  const [query, setQuery] = useState('');
  const options = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return [];
    return searchEntries(menu, lang)
      .filter((entry) => entry.label.toLowerCase().includes(needle))
      .map((entry) => ({ value: entry.path, label: entry.label }));
  }, [menu, lang, query]);
  return (
    <AutoComplete
      className="console-search"
      value={query}
      options={options}
      showSearch={{ onSearch: setQuery, filterOption: false }}
      onSelect={(path: string) => {
        setQuery('');
        openPage(path);
      }}
      prefix={<SearchOutlined />}
      placeholder={t('layout.searchMenu')}
      aria-label={t('layout.searchMenu')}
      notFoundContent={query.trim() ? t('layout.noMatch') : null}
      popupMatchSelectWidth={260}
    />
  );
}

const subscribeFullscreen = (notify: () => void) => {
  document.addEventListener('fullscreenchange', notify);
  return () => document.removeEventListener('fullscreenchange', notify);
};

export function FullscreenTool() {
  const { t } = useI18n();
  const on = useSyncExternalStore(subscribeFullscreen, () => !!document.fullscreenElement);
  // A browser may refuse (a policy, an iframe); the button then simply does nothing.
  const toggle = () => void (on ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  return (
    <ToolButton
      label={on ? t('layout.exitFullscreen') : t('layout.fullscreen')}
      icon={on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
    />
  );
}

export function RefreshTool() {
  const { t } = useI18n();
  return <ToolButton label={t('layout.refresh')} icon={<ReloadOutlined />} onClick={refreshCurrentView} />;
}

export function LanguageTool() {
  const { t, lang, setLanguage } = useI18n();
  const items: MenuProps['items'] = LANGUAGES.map((l) => ({ key: l.value, label: l.label }));
  return (
    <Dropdown
      menu={{ items, selectable: true, selectedKeys: [lang], onClick: ({ key }) => setLanguage(key as typeof lang) }}
      placement="bottomRight"
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('app.language')} title={t('app.language')} />
    </Dropdown>
  );
}

export function ThemeTool() {
  const { t } = useI18n();
  return <ToolButton label={t('theme.title')} icon={<SkinOutlined />} onClick={() => themeDrawerStore.set(true)} />;
}

export function ColorTool() {
  return (
    <Suspense fallback={null}>
      <ColorField size="small" />
    </Suspense>
  );
}

const FONT_SIZES = [12, 13, 14, 15, 16];

export function FontSizeTool() {
  const { t } = useI18n();
  const { fontSize } = useStore(themeStore);
  const items: MenuProps['items'] = FONT_SIZES.map((size) => ({ key: String(size), label: `${size}px` }));
  return (
    <Dropdown
      menu={{ items, selectable: true, selectedKeys: [String(fontSize)], onClick: ({ key }) => updateTheme({ fontSize: Number(key) }) }}
      placement="bottomRight"
    >
      <Button type="text" icon={<FontSizeOutlined />} aria-label={t('theme.fields.fontSize')} title={t('theme.fields.fontSize')} />
    </Dropdown>
  );
}

async function lockScreen() {
  await request('/api/index/lock');
  lockStore.set(true);
}

export function LockTool() {
  const { t } = useI18n();
  return <ToolButton label={t('lock.button')} icon={<LockOutlined />} onClick={() => void lockScreen()} />;
}

export function DarkTool() {
  const { t } = useI18n();
  const mode = useStore(modeStore);
  const { themeName } = useStore(themeStore);
  const dark = mode === 'dark';
  const onlyDefault = themeName !== 'default';
  return (
    <ToolButton
      label={onlyDefault ? t('theme.darkOnlyDefault') : dark ? t('layout.light') : t('layout.dark')}
      icon={dark ? <SunOutlined /> : <MoonOutlined />}
      disabled={onlyDefault}
      onClick={() => setMode(dark ? 'light' : 'dark')}
    />
  );
}

/**
 * On a phone the header keeps only notices, chat and this menu: the tools that still apply there
 * (refresh, language, theme, dark mode, lock) move in here, each behind its own show… switch; the
 * theme settings stay reachable whatever the switches say.
 */
function usePhoneTools(): NonNullable<MenuProps['items']> {
  const { t, lang, setLanguage } = useI18n();
  const phone = useStore(deviceStore) === 'mobile';
  const theme = useStore(themeStore);
  const dark = useStore(modeStore) === 'dark';
  if (!phone) return [];
  const tools: NonNullable<MenuProps['items']> = [
    theme.showRefresh && { key: 'refresh', icon: <ReloadOutlined />, label: t('layout.refresh'), onClick: refreshCurrentView },
    theme.showLanguage && {
      key: 'language',
      icon: <TranslationOutlined />,
      label: t('app.language'),
      children: LANGUAGES.map((l) => ({ key: `language-${l.value}`, label: l.label, disabled: l.value === lang, onClick: () => setLanguage(l.value) })),
    },
    { key: 'theme', icon: <SkinOutlined />, label: t('theme.title'), onClick: () => themeDrawerStore.set(true) },
    theme.showDark &&
      theme.themeName === 'default' && {
        key: 'dark',
        icon: dark ? <SunOutlined /> : <MoonOutlined />,
        label: dark ? t('layout.light') : t('layout.dark'),
        onClick: () => setMode(dark ? 'light' : 'dark'),
      },
    theme.showLock && { key: 'lock', icon: <LockOutlined />, label: t('lock.button'), onClick: () => void lockScreen() },
  ].filter((tool) => !!tool);
  return [...tools, { type: 'divider' }];
}

export function UserMenu() {
  const { t } = useI18n();
  const navigate = useShellNavigate();
  const session = useStore(sessionStore)!;
  const phoneTools = usePhoneTools();
  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: t('app.userCenter'), onClick: () => navigate('/main/user-center') },
    { key: 'password', icon: <KeyOutlined />, label: t('changePassword.title'), onClick: () => navigate('/main/password') },
    { type: 'divider' },
    ...phoneTools,
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
    <Dropdown menu={{ items }} placement="bottomRight">
      <span className="console-user" data-testid="user-menu">
        <Avatar size="small" src={session.user_info.logo} />
        <Typography.Text>{session.user_info.name}</Typography.Text>
        <Typography.Text type="secondary" className="console-user-team">
          {session.team.name}
        </Typography.Text>
      </span>
    </Dropdown>
  );
}
