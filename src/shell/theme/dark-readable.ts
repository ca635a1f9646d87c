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
  // Tags in antd's preset colours: their text (shade 7) on their own pale fill (shade 1). Global tokens,
  // not the Tag component's: antd writes a component's token overrides into the page only when one of
  // its instances draws again, and a kept-alive table's tags do not when the mode changes. Both names of
  // each shade: antd writes `purple7` and its legacy `purple-7` to the same CSS variable, the latter last.
  const tagText = Object.fromEntries(
    PRESET_COLOURS.flatMap((name) => {
      const readable = readableOn(derived[`${name}7`], [derived[`${name}1`], ...surfaces]);
      return [
        [`${name}7`, readable],
        [`${name}-7`, readable],
      ];
    }),
  );
  const textTokens = { colorLink: text, colorLinkHover: text, colorLinkActive: text, colorPrimaryText: text, colorPrimaryTextHover: text, colorPrimaryTextActive: text };
  return {
    token: { ...textTokens, ...tagText, colorErrorText: errorText },
    components: {
      Button: { ...textTokens, colorPrimary: fill, colorPrimaryHover: fill, colorPrimaryActive: fill, colorError: errorFill, colorErrorHover: errorFill, colorErrorActive: errorFill },
      Menu: { itemSelectedColor: text, horizontalItemSelectedColor: text, subMenuItemSelectedColor: text },
      Tabs: { itemSelectedColor: text, itemHoverColor: text, itemActiveColor: text },
      Pagination: { itemActiveColor: text, itemActiveColorHover: text },
      Typography: textTokens,
      Badge: { colorError: errorFill },
    },
  };
}
