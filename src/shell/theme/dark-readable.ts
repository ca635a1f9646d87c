import { theme as antdTheme, type ThemeConfig } from 'antd';
import { readableOn } from './contrast';

const PRESET_COLOURS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;

/**
 * Dark mode's readable colours for a primary colour: antd's dark primary, lightened where it is text
 * (links, the selected menu item and tab, the active page number) and darkened where it is a fill
 * under white text (primary buttons, badges), each to 4.5:1 against the surfaces it is drawn on.
 */
export function darkReadable(color: string): Pick<ThemeConfig, 'token' | 'components'> {
  const derived = antdTheme.getDesignToken({ algorithm: antdTheme.darkAlgorithm, token: { colorPrimary: color } });
  const surfaces = [derived.colorBgContainer, derived.colorBgElevated];
  const text = readableOn(derived.colorPrimary, [...surfaces, derived.controlItemBgActive]);
  const fill = readableOn(derived.colorPrimary, ['#ffffff'], 4.5, 'black');
  const errorText = readableOn(derived.colorError, [...surfaces, derived.colorErrorBg]);
  const errorFill = readableOn(derived.colorError, ['#ffffff'], 4.5, 'black');
  // Tags in antd's preset colours: their text (shade 7) on their own pale fill (shade 1).
  const tagText = Object.fromEntries(
    PRESET_COLOURS.map((name) => {
      const [ink, fill] = [derived[`${name}7`], derived[`${name}1`]];
      return [`${name}7`, readableOn(ink, [fill, ...surfaces])];
    }),
  );
  const textTokens = { colorLink: text, colorLinkHover: text, colorLinkActive: text, colorPrimaryText: text, colorPrimaryTextHover: text, colorPrimaryTextActive: text };
  return {
    token: { ...textTokens, colorErrorText: errorText },
    components: {
      Button: { ...textTokens, colorPrimary: fill, colorPrimaryHover: fill, colorPrimaryActive: fill, colorError: errorFill, colorErrorHover: errorFill, colorErrorActive: errorFill },
      Menu: { itemSelectedColor: text, horizontalItemSelectedColor: text, subMenuItemSelectedColor: text },
      Tabs: { itemSelectedColor: text, itemHoverColor: text, itemActiveColor: text },
      Pagination: { itemActiveColor: text, itemActiveColorHover: text },
      Typography: textTokens,
      Badge: { colorError: errorFill },
      Tag: tagText,
    },
  };
}
