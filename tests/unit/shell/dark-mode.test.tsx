import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { App as AntApp, theme as antdTheme } from 'antd';
import { SWRConfig } from 'swr';
import { mockServer } from '../setup';
import { I18nProvider } from '../../../src/shell/i18n/I18nProvider';
import { ColorMode } from '../../../src/shell/theme/ColorMode';
import { themeStore } from '../../../src/shell/theme/theme-store';
import { defaultTheme } from '../../../src/shell/theme/theme';
import LockScreen from '../../../src/shell/app/LockScreenInColor';
import UserCenterView from '../../../src/shell/account/UserCenterView';

// antd's cards and rows measure themselves with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const dark = antdTheme.getDesignToken({ algorithm: antdTheme.darkAlgorithm });
const light = antdTheme.getDesignToken();

function drawn(node: ReactNode) {
  render(
    <I18nProvider>
      <ColorMode>
        <AntApp>
          <SWRConfig value={{ provider: () => new Map() }}>{node}</SWRConfig>
        </AntApp>
      </ColorMode>
    </I18nProvider>,
  );
}

describe('dark mode outside the console frame’s own parts', () => {
  afterEach(() => {
    cleanup();
    themeStore.set(defaultTheme);
  });

  it.each([
    ['dark', dark],
    ['light', light],
  ] as const)('draws the lock screen %s when the theme is', (mode, token) => {
    themeStore.set({ ...defaultTheme, colorMode: mode });
    drawn(<LockScreen />);
    const lock = screen.getByRole('dialog', { name: '屏幕已锁定' });
    expect(lock.style.getPropertyValue('--lock-surface')).toBe(token.colorBgElevated);
    expect(lock.style.getPropertyValue('--lock-text')).toBe(token.colorText);
  });

  it('draws the avatar hint of 个人中心 in a theme colour, readable on dark', async () => {
    themeStore.set({ ...defaultTheme, colorMode: 'dark' });
    mockServer.use(
      http.post('*/api/index/profile', () =>
        HttpResponse.json({
          code: 200,
          msg: 'ok',
          data: { username: 'seller', name: '王小美', logo: '/avatar.svg', mobile: null, email: null, team: { id: 1, name: '询价一组', type: 1 }, role: ['seller'], role_name: ['卖家'], department: null, created_at: 0 },
        }),
      ),
      http.post('*/api/index/sessions', () => HttpResponse.json({ code: 200, msg: 'ok', data: [] })),
    );
    drawn(<UserCenterView />);
    const hint = await screen.findByText('支持 PNG、JPEG、GIF、WebP，不超过 2 MB');
    // antd's own token variable, which the dark algorithm sets light on dark; no fixed colour.
    expect(getComputedStyle(hint).color).toMatch(/^var\(--ant-color-text-/);
  });
});
