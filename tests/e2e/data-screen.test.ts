/**
 * 数据大屏 in Chromium against the built console: a seller opens it from the menu and reads their
 * team's figures as the API answered them, goes full screen and back; an administrator switches
 * from every team to one; on a phone the panels stack without scrolling sideways.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';
import type { DashboardScreen } from '../../src/contract/api/dashboard';

async function opened(browser: Browser, base: string, username: string, password: string, width = 1440, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN', serviceWorkers: 'block' });
  const page = await context.newPage();
  await logIn(page, base, username, password);
  return page;
}

const screenRead = (pattern: RegExp) => (response: Response) => pattern.test(new URL(response.url()).pathname + new URL(response.url()).search);
const answerOf = async (response: Response) => ((await response.json()) as { data: DashboardScreen }).data;
/** A tile's number once it has finished running up to its value. */
const tileValue = (page: Page, id: string) => page.getByTestId(id).locator('.dscreen-tile-value').textContent();

describe('数据大屏 in the browser', () => {
  const e2e = useE2eConsole();

  it("shows a seller their team's figures as the server counts them, and goes full screen and back", async () => {
    const page = await opened(e2e.browser, e2e.server.url, 'seller', 'seller123');
    // 仪表盘's group is called 首页 in the demo menu, like its first item: the group's title opens it.
    await page.locator('.ant-menu-submenu-title', { hasText: '首页' }).click();
    const [response] = await Promise.all([
      page.waitForResponse(screenRead(/^\/api\/dashboard\/screen\?days=7$/)),
      page.getByRole('menuitem', { name: '数据大屏' }).click(),
    ]);
    const data = await answerOf(response);
    await page.waitForURL((url) => url.pathname === '/dashboard/screen');
    await expect.poll(() => page.getByTestId('screen-team').textContent()).toBe(data.team_name);
    expect(data.team_name).toBe('华南采购一部');
    await expect.poll(() => tileValue(page, 'tile-asks')).toBe(String(data.quoting!.asks.today.current));
    await expect.poll(() => tileValue(page, 'tile-quotes')).toBe(String(data.quoting!.quotes.today.current));
    await expect.poll(() => tileValue(page, 'tile-diffs')).toBe(String(data.recon!.mismatched + data.recon!.missing));
    await expect.poll(() => tileValue(page, 'tile-low-stock')).toBe(String(data.low_stock));
    expect(await page.getByTestId('tile-recon').textContent()).toContain(`¥${(data.recon!.settled_fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2 })}`);
    expect(await page.getByTestId('screen-updated').textContent()).toMatch(/^更新于 \d{2}:\d{2}:\d{2}/);
    // Every panel draws: charts on their canvases, the feed its events.
    for (const panel of ['platforms', 'trend', 'ranking', 'goods']) await page.getByTestId(`screen-panel-${panel}`).locator('canvas').first().waitFor();
    expect(await page.getByTestId('screen-feed').locator('li').first().textContent()).toContain(data.feed[0]!.no);

    await page.getByTestId('data-screen').getByRole('button').filter({ hasText: /^\s*全屏\s*$/ }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null)).toBe('data-screen');
    const box = await page.getByTestId('data-screen').boundingBox();
    expect([box!.width, box!.height]).toEqual([1440, 900]);
    await page.getByTestId('data-screen').getByRole('button', { name: '退出全屏' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await page.getByTestId('data-screen').getByRole('button').filter({ hasText: /^\s*全屏\s*$/ }).waitFor();
    await page.context().close();
  }, 120_000);

  it('lets an administrator switch from every team to one', async () => {
    const page = await opened(e2e.browser, e2e.server.url, 'admin', 'admin123');
    const [all] = await Promise.all([page.waitForResponse(screenRead(/^\/api\/dashboard\/screen\?days=7$/)), page.goto(`${e2e.server.url}/dashboard/screen`)]);
    expect((await answerOf(all)).team).toBeNull();
    await expect.poll(() => page.getByTestId('screen-team').textContent()).toBe('全部团队');
    await page.getByRole('combobox', { name: '团队' }).click();
    const [one] = await Promise.all([
      page.waitForResponse(screenRead(/^\/api\/dashboard\/screen\?days=7&team=\d+$/)),
      page.locator('.ant-select-item-option', { hasText: '华东采购二部' }).click(),
    ]);
    const data = await answerOf(one);
    expect(data.team_name).toBe('华东采购二部');
    await expect.poll(() => page.getByTestId('screen-team').textContent()).toBe('华东采购二部');
    await expect.poll(() => tileValue(page, 'tile-asks')).toBe(String(data.quoting!.asks.today.current));
    // Thirty days for the same team.
    const [month] = await Promise.all([page.waitForResponse(screenRead(/^\/api\/dashboard\/screen\?days=30&team=\d+$/)), page.getByText('近 30 天').click()]);
    expect((await answerOf(month)).days).toBe(30);
    await page.context().close();
  }, 120_000);

  it('stacks its panels on a phone without scrolling sideways', async () => {
    const page = await opened(e2e.browser, e2e.server.url, 'sunli', 'demo123456', 390, 844);
    await page.goto(`${e2e.server.url}/dashboard/screen`);
    await page.getByTestId('screen-panel-trend').locator('canvas').first().waitFor();
    const [trend, feed] = await Promise.all([page.getByTestId('screen-panel-trend').boundingBox(), page.getByTestId('screen-panel-feed').boundingBox()]);
    expect(feed!.y).toBeGreaterThan(trend!.y + trend!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  }, 120_000);
});
