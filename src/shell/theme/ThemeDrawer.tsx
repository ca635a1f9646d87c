import type { CSSProperties, ReactNode } from 'react';
import { Button, Divider, Drawer, InputNumber, Segmented, Select, Switch, theme as antdTheme, Typography } from 'antd';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { themeDrawerStore } from './drawer-store';
import ColorField from './ColorField';
import { deviceStore, modeStore, persistenceTabStore, setMode } from './settings-store';
import { resetTheme, themeStore, updateTheme } from './theme-store';
import {
  COLUMN_STYLES, LAYOUTS, PAGE_TRANSITIONS, TABS_BAR_STYLES, THEME_NAMES, type LayoutName, type Theme,
} from './theme';
import './theme-drawer.css';

type Flag = { [K in keyof Theme]-?: NonNullable<Theme[K]> extends boolean ? K : never }[keyof Theme];
type Size = 'fontSize' | 'radius' | 'menuWidth';

/** Blocks of a layout's thumbnail, in percent: left, top, width, height, and what they stand for. */
type Block = [number, number, number, number, 'menu' | 'soft' | 'bar'];

const PREVIEWS: Record<LayoutName, Block[]> = {
  comprehensive: [[0, 0, 100, 20, 'bar'], [0, 20, 26, 80, 'menu']],
  vertical: [[0, 0, 26, 100, 'menu'], [26, 0, 74, 20, 'bar']],
  horizontal: [[0, 0, 100, 20, 'menu']],
  column: [[0, 0, 12, 100, 'menu'], [12, 0, 22, 100, 'soft'], [34, 0, 66, 20, 'bar']],
  fall: [[0, 0, 100, 20, 'bar'], [0, 20, 46, 80, 'soft'], [5, 28, 16, 22, 'menu'], [25, 28, 16, 32, 'menu'], [5, 56, 16, 32, 'menu'], [25, 66, 16, 22, 'menu']],
  common: [[0, 0, 100, 20, 'menu'], [0, 20, 26, 80, 'soft']],
};

const SIZE_LIMITS: Record<Size, { min: number; max: number }> = {
  fontSize: { min: 12, max: 18 },
  radius: { min: 0, max: 16 },
  menuWidth: { min: 120, max: 320 },
};

const TOOL_SWITCHES: Flag[] = [
  'showSearch', 'showNotice', 'showFullScreen', 'showRefresh', 'showLanguage', 'showTheme', 'showColorPicker',
  'showFontSize', 'showLock', 'showDark', 'rightToolsDrag', 'showThemeSetting',
];

function Row({ label, hint, children }: { label: string; hint?: string | false; children: ReactNode }) {
  return (
    <div className="theme-row">
      <div className="theme-row-label">
        <span>{label}</span>
        {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      </div>
      {children}
    </div>
  );
}

function FlagRow({ field, disabled, hint }: { field: Flag; disabled?: boolean; hint?: string | false }) {
  const { t } = useI18n();
  const theme = useStore(themeStore);
  const label = t(`theme.fields.${field}`);
  return (
    <Row label={label} hint={hint}>
      <Switch size="small" aria-label={label} checked={!!theme[field]} disabled={disabled} onChange={(on) => updateTheme({ [field]: on })} />
    </Row>
  );
}

function SizeRow({ field }: { field: Size }) {
  const { t } = useI18n();
  const theme = useStore(themeStore);
  const label = t(`theme.fields.${field}`);
  return (
    <Row label={label}>
      <InputNumber
        size="small"
        aria-label={label}
        {...SIZE_LIMITS[field]}
        value={theme[field]}
        suffix="px"
        onChange={(value) => value !== null && updateTheme({ [field]: value })}
      />
    </Row>
  );
}

function LayoutPicker() {
  const { t } = useI18n();
  const { layout } = useStore(themeStore);
  return (
    <div className="theme-layouts" role="group" aria-label={t('theme.fields.layout')}>
      {LAYOUTS.map((name) => (
        <button key={name} type="button" className="theme-layout" aria-pressed={layout === name} onClick={() => updateTheme({ layout: name })}>
          <span className="theme-layout-preview" aria-hidden>
            {PREVIEWS[name].map(([left, top, width, height, kind], i) => (
              <i key={i} className={`theme-layout-${kind}`} style={{ left: `${left}%`, top: `${top}%`, width: `${width}%`, height: `${height}%` }} />
            ))}
          </span>
          <span>{t(`theme.layouts.${name}`)}</span>
        </button>
      ))}
    </div>
  );
}

/** Every theme field, applied as it is changed and saved under shop-vite-theme. */
export default function ThemeDrawer() {
  const { t } = useI18n();
  const open = useStore(themeDrawerStore);
  const theme = useStore(themeStore);
  const dark = useStore(modeStore) === 'dark';
  const persistenceTab = useStore(persistenceTabStore);
  // A phone draws one layout, its menu in a drawer and its tools in the avatar menu: what only
  // shapes the desktop frame is left out.
  const desktop = useStore(deviceStore) !== 'mobile';
  const { token } = antdTheme.useToken();
  const colours = {
    '--theme-primary': token.colorPrimary,
    '--theme-border': token.colorBorder,
    '--theme-preview-bg': token.colorFillSecondary,
  } as CSSProperties;
  const onlyDefault = theme.themeName !== 'default';
  // Without the header tool and the floating button nobody could reopen this drawer.
  const lastEntry = theme.showTheme !== theme.showThemeSetting && t('theme.keepOneEntry');
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  return (
    <Drawer
      className="theme-drawer"
      title={t('theme.title')}
      size={340}
      rootStyle={colours}
      open={open}
      onClose={() => themeDrawerStore.set(false)}
      footer={
        <Button block onClick={resetTheme}>
          {t('theme.reset')}
        </Button>
      }
    >
      <Divider titlePlacement="start">{t('theme.groups.layout')}</Divider>
      {desktop && (
        <>
          <LayoutPicker />
          <Row label={t('theme.fields.columnStyle')} hint={theme.layout !== 'column' && t('theme.columnOnly')}>
            <Select
              size="small"
              aria-label={t('theme.fields.columnStyle')}
              value={theme.columnStyle}
              disabled={theme.layout !== 'column'}
              options={options(COLUMN_STYLES, (s) => t(`theme.columnStyles.${s}`))}
              onChange={(columnStyle) => updateTheme({ columnStyle })}
              popupMatchSelectWidth={false}
            />
          </Row>
          <SizeRow field="menuWidth" />
          <FlagRow field="foldSidebar" />
        </>
      )}
      <FlagRow field="fixedHeader" />
      <FlagRow field="showFooter" />
      <FlagRow field="showProgressBar" />
      <Row label={t('theme.fields.pageTransition')}>
        <Select
          size="small"
          aria-label={t('theme.fields.pageTransition')}
          value={theme.pageTransition}
          options={options(PAGE_TRANSITIONS, (p) => t(`theme.transitions.${p}`))}
          onChange={(pageTransition) => updateTheme({ pageTransition })}
          popupMatchSelectWidth={false}
        />
      </Row>

      <Divider titlePlacement="start">{t('theme.groups.appearance')}</Divider>
      <Row label={t('theme.fields.themeName')}>
        <Segmented
          size="small"
          value={theme.themeName}
          options={options(THEME_NAMES, (n) => t(`theme.themeNames.${n}`))}
          onChange={(themeName) => updateTheme({ themeName })}
        />
      </Row>
      <Row label={t('theme.fields.color')}>
        <ColorField size="small" />
      </Row>
      <FlagRow field="isFollow" />
      <Row label={t('theme.fields.colorMode')} hint={onlyDefault && t('theme.darkOnlyDefault')}>
        <Switch
          size="small"
          aria-label={t('theme.fields.colorMode')}
          checked={dark}
          disabled={onlyDefault}
          onChange={(on) => setMode(on ? 'dark' : 'light')}
        />
      </Row>
      <FlagRow field="colorWeakness" />
      <SizeRow field="fontSize" />
      <SizeRow field="radius" />

      <Divider titlePlacement="start">{t('theme.groups.tabs')}</Divider>
      <FlagRow field="showTabs" />
      <Row label={t('theme.fields.tabsBarStyle')}>
        <Select
          size="small"
          aria-label={t('theme.fields.tabsBarStyle')}
          value={theme.tabsBarStyle}
          options={options(TABS_BAR_STYLES, (s) => t(`theme.tabsBarStyles.${s}`))}
          onChange={(tabsBarStyle) => updateTheme({ tabsBarStyle })}
          popupMatchSelectWidth={false}
        />
      </Row>
      <FlagRow field="showTabsIcon" />
      <FlagRow field="tabDrag" />
      <Row label={t('theme.persistenceTab')}>
        <Switch size="small" aria-label={t('theme.persistenceTab')} checked={persistenceTab} onChange={persistenceTabStore.set} />
      </Row>

      {desktop && (
        <>
          <Divider titlePlacement="start">{t('theme.groups.tools')}</Divider>
          {TOOL_SWITCHES.map((field) => {
            const guarded = (field === 'showTheme' || field === 'showThemeSetting') && theme[field] && lastEntry;
            return <FlagRow key={field} field={field} disabled={!!guarded} hint={guarded} />;
          })}
        </>
      )}
    </Drawer>
  );
}
