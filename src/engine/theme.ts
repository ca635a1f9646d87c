import { useMemo, type CSSProperties } from 'react';
import { theme } from 'antd';

/**
 * antd's resolved tokens as the --engine-* variables the engine's CSS reads, so the list and its
 * popovers follow the theme colour and dark mode. Set on each root the engine draws, popovers
 * included (they render outside the page).
 */
export function useThemeVars(): CSSProperties {
  const { token } = theme.useToken();
  return useMemo(
    () =>
      ({
        '--engine-border': token.colorBorderSecondary,
        '--engine-split': token.colorSplit,
        '--engine-surface': token.colorBgContainer,
        '--engine-header-bg': token.colorFillAlter,
        '--engine-row-hover': token.controlItemBgHover,
        '--engine-selected': token.controlItemBgActive,
        '--engine-primary': token.colorPrimary,
        '--engine-danger': token.colorError,
        // Text in the primary or danger colour (links, active marks): the shades that stay readable in dark mode.
        '--engine-primary-text': token.colorPrimaryText,
        '--engine-danger-text': token.colorErrorText,
        '--engine-primary-bg': token.colorPrimaryBg,
        '--engine-primary-border': token.colorPrimaryBorder,
        '--engine-text-heading': token.colorTextHeading,
        '--engine-text-secondary': token.colorTextSecondary,
        '--engine-text-quaternary': token.colorTextQuaternary,
        '--engine-fill': token.colorFillTertiary,
        '--engine-fill-strong': token.colorFillSecondary,
        '--engine-shadow': 'rgba(5, 5, 5, 0.12)',
        '--engine-radius': `${token.borderRadiusLG}px`,
      }) as CSSProperties,
    [token],
  );
}
