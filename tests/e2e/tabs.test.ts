import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { hoverFromAfar, logIn } from '../support/console-page';

/** Side-menu groups to expand, each with the pages to open in it: twelve pages in all. */
const PAGES: Array<[group: string | null, pages: string[]]> = [
  [null, ['我要询价', '调货报价', '采购单', '签收']],
  ['询价报价', ['自动处理', '人工处理', '加价询价', '普通询价', '现货报价单', '调货报价单']],
  ['商品', ['商品列表', '商品管理']],
];

/** An element of `role` whose whole text is `text` (menu entries and tabs also carry an icon's label). */
const byText = (page: Page, role: 'menuitem' | 'tab', text: string) =>
  page.getByRole(role).filter({ hasText: new RegExp(`^${text}$`) });
const menuEntry = (page: Page, name: string) => byText(page, 'menuitem', name);
const tab = (page: Page, title: string) => byText(page, 'tab', title);
const tabs = (page: Page) => page.getByRole('tab');

describe('tabs in Chromium', () => {
  const e2e = useE2eConsole();

  it("keeps the home page's tab when another page is opened before the page area's code has arrived", async () => {
    // A slow network or machine: the bar and the menu are drawn, the kept-alive page area not yet.
    const context = await e2e.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/KeepAliveOutlet-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    await page.waitForURL('**/common/info/spot');
    await tab(page, '现货报价').waitFor();
    await menuEntry(page, '我要询价').click();
    await tab(page, '我要询价').waitFor();
    release();
    // The page area titles the page once it is drawn.
    await expect.poll(() => page.title()).toBe('我要询价 - 电商卖家控制台');
    expect(await tabs(page).allTextContents()).toEqual(['现货报价', '我要询价']);
    await context.close();
  });

  it('opens a tab per page, keeps views alive, closes others, and persists only when asked', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    // The admin's operation team lands on the spot-quote home, whose tab cannot be closed.
    await page.waitForURL('**/common/info/spot');
    await tab(page, '现货报价').waitFor();

    for (const [group, pages] of PAGES) {
      if (group) await menuEntry(page, group).click();
      for (const name of pages) {
        await menuEntry(page, name).click();
        await tab(page, name).waitFor();
      }
    }
    await expect.poll(() => tabs(page).count()).toBe(13);
    expect(await tabs(page).first().textContent()).toBe('现货报价');

    await hoverFromAfar(page, page.getByTestId('user-menu'));
    await page.getByText('个人中心').click();
    await page.waitForURL('**/main/user-center');
    const name = page.getByLabel('姓名');
    await name.fill('保活测试');
    await tab(page, '商品列表').click();
    await page.waitForURL('**/goods/list');
    await expect.poll(() => name.isVisible()).toBe(false);
    await tab(page, '个人中心').click();
    await page.waitForURL('**/main/user-center');
    expect(await name.inputValue()).toBe('保活测试');

    await tab(page, '个人中心').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tabs(page).allTextContents()).toEqual(['现货报价', '个人中心']);
    expect(page.url()).toMatch(/\/main\/user-center$/);

    await page.reload();
    await tab(page, '个人中心').waitFor();
    expect(await tabs(page).allTextContents()).toEqual(['现货报价', '个人中心']);

    await page.evaluate(() => localStorage.setItem('persistenceTab', 'false'));
    await page.reload();
    await tab(page, '个人中心').waitFor();
    expect(await tabs(page).allTextContents()).toEqual(['个人中心']);
    expect(await page.evaluate(() => localStorage.getItem('shop-vite-tabs'))).toBeNull();
    await context.close();
  });
});
