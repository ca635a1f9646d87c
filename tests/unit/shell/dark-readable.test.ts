import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { contrastRatio } from '../../../src/shell/theme/contrast';
import { darkReadable } from '../../../src/shell/theme/dark-readable';

describe('dark mode colours stay readable whatever the primary colour', () => {
  for (const color of ['#4e88f3', '#1677ff', '#13c2c2', '#fa541c', '#722ed1']) {
    it(`keeps links, selected items and white text on buttons at 4.5:1 or more for ${color}`, () => {
      const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { colorPrimary: color } });
      const { token, components } = darkReadable(color);
      const text = token!.colorPrimaryText!;
      for (const surface of [dark.colorBgContainer, dark.colorBgElevated, dark.controlItemBgActive]) expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio('#ffffff', components!.Button!.colorPrimary!)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio('#ffffff', components!.Badge!.colorError!)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(token!.colorErrorText!, dark.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
      const tag = token as Record<string, string>;
      for (const name of ['purple', 'blue', 'green', 'orange', 'red'] as const) expect(contrastRatio(tag[`${name}7`]!, dark[`${name}1`])).toBeGreaterThanOrEqual(4.5);
    });
  }
});
