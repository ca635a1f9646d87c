import { useMemo, type CSSProperties } from 'react';
import { theme } from 'antd';

/** antd's tokens as the --ef-* variables form.css and detail.css read, set once on the renderer's root. */
export function useThemeVars(): CSSProperties {
  const { token } = theme.useToken();
  return useMemo(
    () =>
      ({
        '--ef-text': token.colorText,
        '--ef-text-secondary': token.colorTextDescription,
        '--ef-error': token.colorError,
        '--ef-warning': token.colorWarningBorder,
        '--ef-warning-bg': token.colorWarningBg,
        '--ef-warning-text': token.colorWarningText,
        '--ef-primary': token.colorPrimary,
        '--ef-primary-outline': token.controlOutline,
        '--ef-border': token.colorBorder,
        '--ef-split': token.colorSplit,
        '--ef-fill': token.colorFillAlter,
        '--ef-fill-hover': token.colorFillQuaternary,
        '--ef-bg': token.colorBgContainer,
        '--ef-radius': `${token.borderRadius}px`,
        '--ef-font-size': `${token.fontSize}px`,
        '--ef-drawer-padding': `${token.paddingLG}px`,
      }) as CSSProperties,
    [token],
  );
}
