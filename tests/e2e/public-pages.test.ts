import { describe, expect, it } from 'vitest';
import { useE2eConsole } from '../support/e2e-console';
import { expectTitle } from '../support/console-page';

describe('the public pages in Chromium', () => {
  const e2e = useE2eConsole();

  it('shows the portal to a visitor who is not logged in, and leads to the login page', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${e2e.server.url}/portal`);
    await page.getByRole('heading', { name: '让询价、对账与团队协作更简单' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal');
    await expectTitle(page, '首页 - 电商卖家控制台');
    await page.getByRole('banner').getByRole('link', { name: /^登\s*录$/ }).click();
    await page.waitForURL(/\/login$/);
    await page.getByPlaceholder('用户名').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the product page', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/product`);
    await page.getByRole('heading', { name: '一个控制台，覆盖卖家的日常工作' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/product');
    await expectTitle(page, '产品功能 - 电商卖家控制台');
    await context.close();
  });
});
