import { memo, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { ConfigProvider, Tag, theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { darkReadable } from '../../../src/shell/theme/dark-readable';

/** The last value the page's style sheets give `name` on `element` (custom properties inherit from its ancestors). */
function customProperty(element: Element, name: string): string | undefined {
  let value: string | undefined;
  for (const sheet of document.querySelectorAll('style')) {
    for (const rule of (sheet as HTMLStyleElement).sheet?.cssRules ?? []) {
      if (!(rule instanceof CSSStyleRule)) continue;
      const declared = rule.style.getPropertyValue(name).trim();
      if (!declared) continue;
      const matches = (at: Element | null): boolean => !!at && (at.matches(rule.selectorText) || matches(at.parentElement));
      if (matches(element)) value = declared;
    }
  }
  return value;
}

// A kept-alive table's cells do not draw again when the mode changes: a tag drawn in light mode.
const StillTag = memo(function StillTag() {
  return <Tag color="purple">已退款</Tag>;
});

describe('tags drawn before the switch to dark mode', () => {
  it("take dark mode's readable tag colours", () => {
    let toDark = () => {};
    function Frame() {
      const [dark, setDark] = useState(false);
      toDark = () => setDark(true);
      const readable = dark ? darkReadable('#1677ff') : { token: {} };
      return (
        <ConfigProvider theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: readable.token, components: 'components' in readable ? readable.components : {} }}>
          <StillTag />
        </ConfigProvider>
      );
    }
    render(<Frame />);
    act(() => toDark());
    const expected = (darkReadable('#1677ff').token as Record<string, string>).purple7!;
    expect(customProperty(screen.getByText('已退款'), '--ant-purple-7')?.toLowerCase()).toBe(expected.toLowerCase());
  });
});
