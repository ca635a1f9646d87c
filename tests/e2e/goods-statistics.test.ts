/**
 * 商品 › 商品统计 in Chromium against the built console: a seller sees the headline cards and the
 * charts' canvases for the demo team, switches the period, and follows a low-stock goods row to its
 * record in 商品列表. With SCREENSHOT_DIR set it also saves the screen on a desk and a phone, light
 * and dark, as the seller and as an administrator.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';
import { settings } from '../../src/contract/settings';

const CARDS = ['在售商品', '库存价值（成本）', '低库存商品', '平均评分', '收入', '支出', '净收入'];

async function openStatistics(browser: Browser, base: string, user: [string, string], viewport = { width: 1440, height: 900 }, colorMode: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  // The console keeps its colour mode with its theme settings.
  if (colorMode === 'dark') await context.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ colorMode: 'dark' })), settings.storageKeys.theme);
  const page = await context.newPage();
  await logIn(page, base, ...user);
  await page.goto(`${base}/goods/statistics`);
  await page.locator('.goods-stats-figures').waitFor();
  return page;
}

const periodSpan = (page: Page) => page.locator('.goods-stats-span').textContent();

describe('goods statistics in the browser', () => {
  const e2e = useE2eConsole();

  it('shows a seller the cards and charts, switches the period, and opens a low-stock goods row in 商品列表', async () => {
    const page = await openStatistics(e2e.browser, e2e.server.url, ['seller', 'seller123']);
    for (const title of CARDS) await expect.poll(() => page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }).count()).toBe(1);
    // Three charts, each drawn on a canvas once ECharts has loaded.
    await expect.poll(() => page.locator('.goods-stats-chart canvas').count(), { timeout: 15_000 }).toBe(3);
    expect(await periodSpan(page)).toMatch(/^(\d{4}-\d{2}-\d{2}) 至 (\d{4}-\d{2}-\d{2})，对比上期/);
    const thirty = await periodSpan(page);

    await page.getByText('近7天', { exact: true }).click();
    await expect.poll(() => periodSpan(page)).not.toBe(thirty);
    const [from, to] = /^(\S+) 至 (\S+)，/.exec((await periodSpan(page))!)!.slice(1);
    expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000).toBe(6);

    const row = page.locator('.goods-stats-lowest tr.ant-table-row').first();
    const name = (await row.locator('a').textContent())!;
    await row.locator('a').click();
    await page.waitForURL(/\/goods\/list\?view=\d+$/);
    // The record's detail, over 商品列表.
    await page.locator('.ant-drawer-open').filter({ hasText: '商品 · 详情' }).getByText(name, { exact: true }).waitFor();
    expect(await page.title()).toContain('商品列表');
    await page.context().close();
  });

  it.runIf(process.env.SCREENSHOT_DIR)('looks right on a desk and a phone, light and dark, for a seller and an administrator', { timeout: 300_000 }, async () => {
    for (const [user, password] of [['seller', 'seller123'], ['admin', 'admin123']] as const) {
      for (const viewport of [{ width: 1440, height: 900 }, { width: 375, height: 812 }]) {
        for (const scheme of ['light', 'dark'] as const) {
          const page = await openStatistics(e2e.browser, e2e.server.url, [user, password], viewport, scheme);
          await expect.poll(() => page.locator('.goods-stats-chart canvas').count(), { timeout: 15_000 }).toBeGreaterThan(1);
          await page.waitForTimeout(800);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          // The console scrolls inside its frame: a tall window shows the whole screen in one picture.
          await page.setViewportSize({ width: viewport.width, height: 2400 });
          await page.waitForTimeout(500);
          await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR!, `goods-stats-${user}-${viewport.width}-${scheme}.png`), fullPage: true });
          await page.context().close();
        }
      }
    }
  });
});
