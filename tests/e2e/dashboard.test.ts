/**
 * 首页 and 工作台 in Chromium against the built console: a seller sees their figures, the trend's
 * canvas and the asks waiting for a quote, a waiting ask opens its page and the unread messages the
 * chat; 工作台 lists their to-dos and quick entries; an administrator picks a team. With
 * SCREENSHOT_DIR set, both screens are shot for the seller and the administrator, light and dark,
 * on a desk and on a phone.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';
import { settings } from '../../src/contract/settings';

const SIZES = [
  ['desk', 1440, 900],
  ['phone', 375, 812],
] as const;

async function opened(browser: Browser, base: string, username: string, password: string, width = 1440, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN' });
  const page = await context.newPage();
  await logIn(page, base, username, password);
  return page;
}

/** Neither screen may scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

describe('the dashboard in the browser', () => {
  const e2e = useE2eConsole();

  it('shows a seller their figures, the trend and the waiting asks, one of which opens its page', async () => {
    const page = await opened(e2e.browser, e2e.server.url, 'seller', 'seller123');
    await page.goto(`${e2e.server.url}/dashboard/index`);
    for (const title of ['询价数', '报价数', '采纳率', '首次报价用时（中位数）', '未读消息', '未读通知']) await page.locator('.ant-statistic-title', { hasText: title }).first().waitFor();
    await page.locator('.dash-chart canvas').first().waitFor();
    await page.getByText('对账概况').waitFor();
    expect(await page.locator('.ant-statistic', { hasText: '实付金额' }).locator('.ant-statistic-content').textContent()).toMatch(/^¥[\d,]+\.\d{2}$/);
    // The unread messages card leads to them: the chat panel opens over the page, and closes again.
    await page.getByText('打开消息').click();
    const chat = page.locator('.chat-drawer');
    await chat.waitFor();
    await chat.locator('.ant-drawer-close').click();
    await chat.waitFor({ state: 'hidden' });
    // Thirty days: the trend grows to thirty days.
    await Promise.all([page.waitForResponse((response) => response.url().includes('/api/dashboard/overview?days=30')), page.getByText('近 30 天').click()]);

    const waiting = page.locator('.dash-waiting .dash-list a').first();
    await waiting.waitFor();
    const meta = (await page.locator('.dash-waiting .dash-list-meta').first().textContent())!;
    const askNo = /^(\S+) ·/.exec(meta)![1]!;
    await waiting.click();
    await page.waitForURL((url) => url.pathname === '/main/handlefind' && url.searchParams.get('name') === askNo);
    // The dashboard stays open in its tab, hidden: the ask page is what shows.
    await page.getByText(askNo).filter({ visible: true }).first().waitFor();
    await page.context().close();
  }, 120_000);

  it('lists what waits on a seller and offers their everyday screens; an administrator picks a team', async () => {
    const page = await opened(e2e.browser, e2e.server.url, 'seller', 'seller123');
    await page.goto(`${e2e.server.url}/dashboard/workbench`);
    await page.getByText('快捷入口').waitFor();
    await page.locator('.ant-card-head-title', { hasText: '未读通知' }).waitFor();
    await page.getByRole('button', { name: '我要询价' }).click();
    await page.waitForURL((url) => url.pathname === '/common/info/question');
    await page.context().close();

    const admin = await opened(e2e.browser, e2e.server.url, 'admin', 'admin123');
    await admin.goto(`${e2e.server.url}/dashboard/index`);
    await admin.getByRole('combobox', { name: '团队' }).click();
    await Promise.all([
      admin.waitForResponse((response) => /\/api\/dashboard\/overview\?days=7&team=\d+/.test(response.url())),
      admin.locator('.ant-select-item-option', { hasText: '华南采购一部' }).click(),
    ]);
    await admin.locator('.dash-chart canvas').first().waitFor();
    await admin.context().close();
  }, 120_000);

  it('fits a phone without scrolling sideways, and is shot for a look when asked', async () => {
    // Every user, mode and size when shots are asked for; else the seller's and the admin's phone, light.
    const shots = !!process.env.SCREENSHOT_DIR;
    for (const [user, password] of [['seller', 'seller123'], ['admin', 'admin123']] as const) {
      for (const mode of shots ? (['light', 'dark'] as const) : (['light'] as const)) {
        for (const [size, width, height] of shots ? SIZES : SIZES.slice(1)) {
          const page = await opened(e2e.browser, e2e.server.url, user, password, width, height);
          await page.evaluate(([key, colorMode]) => localStorage.setItem(key!, JSON.stringify({ colorMode })), [settings.storageKeys.theme, mode]);
          for (const screen of ['index', 'workbench']) {
            await page.goto(`${e2e.server.url}/dashboard/${screen}`);
            await page.locator(screen === 'index' ? '.dash-overview .ant-statistic' : '.dash-workbench .ant-card').first().waitFor();
            if (screen === 'index') await page.locator('.dash-chart canvas').first().waitFor();
            await page.waitForTimeout(500);
            await expectNoSidewaysScroll(page);
            if (shots) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR!, `dashboard-${screen}-${user}-${mode}-${size}.png`), fullPage: true });
          }
          await page.context().close();
        }
      }
    }
  }, 300_000);
});
