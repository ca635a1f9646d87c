import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { hoverFromAfar, logIn } from '../support/console-page';

const SHOTS = path.resolve(import.meta.dirname, '../../test-results');

const LAYOUTS = [
  ['comprehensive', '综合'],
  ['vertical', '纵向'],
  ['horizontal', '横向'],
  ['column', '分栏'],
  ['fall', '瀑布'],
  ['common', '常规'],
] as const;

/** Whatever carries the menu in the layout on screen. */
const MENU = '.console-sider .ant-menu, .console-top-menu, nav.console-rail, nav.console-fall';

/** Errors the page throws or logs, gathered while a test runs. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

async function openDrawer(page: Page) {
  await page.locator('.console-tools').getByRole('button', { name: /^(主题配置|Theme settings)$/ }).click();
  await page.locator('.theme-drawer').waitFor();
}

async function closeDrawer(page: Page) {
  await page.locator('.theme-drawer .ant-drawer-close').click();
  await page.locator('.theme-drawer').waitFor({ state: 'hidden' });
}

async function shoot(page: Page, name: string) {
  // Off the header tools (a hovered one opens its menu), and past the page transition and the drawer's exit.
  await page.mouse.move(720, 600);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `layout-${name}.png`) });
}

describe('the console layouts in Chromium', () => {
  const e2e = useE2eConsole();
  beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

  async function signedIn(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await e2e.browser.newContext({ viewport });
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    await page.goto(`${e2e.server.url}/goods/list`);
    await page.getByTestId('console').waitFor();
    return { context, page };
  }

  it('switches through every layout in both colour modes from the theme drawer', async () => {
    const { context, page } = await signedIn({ width: 1440, height: 860 });
    const errors = watchErrors(page);
    for (const mode of ['light', 'dark'] as const) {
      await openDrawer(page);
      const dark = page.getByRole('switch', { name: '暗黑模式' });
      if ((await dark.isChecked()) !== (mode === 'dark')) await dark.click();
      for (const [layout, label] of LAYOUTS) {
        await page.locator('.theme-drawer').getByRole('button', { name: label, exact: true }).click();
        await closeDrawer(page);
        await expect.poll(() => page.getByTestId('console').getAttribute('class')).toContain(`console--${layout} `);
        expect(await page.getByTestId('console').getAttribute('class')).toContain(`console--${mode}`);
        expect(await page.locator(MENU).first().isVisible()).toBe(true);
        expect(await page.getByText('© ').isVisible()).toBe(true);
        await shoot(page, `${layout}-${mode}`);
        await openDrawer(page);
      }
      await closeDrawer(page);
    }
    expect(errors).toEqual([]);
    // The theme outlives a reload.
    await page.reload();
    await page.locator(MENU).first().waitFor();
    expect(await page.getByTestId('console').getAttribute('class')).toContain('console--common');
    expect(await page.getByTestId('console').getAttribute('class')).toContain('console--dark');
    await context.close();
  });

  it('draws the five column styles, the plain and technology themes, and the English console', async () => {
    const { context, page } = await signedIn({ width: 1440, height: 860 });
    const errors = watchErrors(page);
    await openDrawer(page);
    await page.locator('.theme-drawer').getByRole('button', { name: '分栏', exact: true }).click();
    for (const [style, label] of [['horizontal', '横向'], ['vertical', '纵向'], ['card', '卡片'], ['arrow', '箭头'], ['semicircle', '半圆']]) {
      await page.getByRole('combobox', { name: '分栏风格' }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
      await closeDrawer(page);
      expect(await page.locator(`nav.console-rail--${style}`).isVisible()).toBe(true);
      await shoot(page, `column-${style}`);
      await openDrawer(page);
    }
    await page.locator('.theme-drawer').getByRole('button', { name: '综合', exact: true }).click();
    for (const [name, label] of [['plain', '简洁'], ['technology', '科技']]) {
      await page.locator('.theme-drawer').getByText(label, { exact: true }).click();
      await closeDrawer(page);
      expect(await page.getByTestId('console').getAttribute('class')).toContain(`console--theme-${name}`);
      await shoot(page, `theme-${name}`);
      await openDrawer(page);
    }
    await page.getByRole('switch', { name: '菜单背景跟随主题色' }).click();
    await closeDrawer(page);
    await shoot(page, 'menu-follows-colour');

    await hoverFromAfar(page, page.locator('.console-tools').getByRole('button', { name: '语言' }));
    await page.locator('.ant-dropdown:visible').getByText('English').click();
    await page.getByRole('link', { name: 'Goods List' }).or(page.getByRole('menuitem', { name: 'Goods List' })).first().waitFor();
    await openDrawer(page);
    await page.locator('.theme-drawer').getByText('Theme settings').first().waitFor();
    await shoot(page, 'drawer-en');
    await closeDrawer(page);
    await shoot(page, 'comprehensive-en');
    for (const [layout, label] of [['column', 'Column'], ['fall', 'Waterfall']]) {
      await openDrawer(page);
      await page.locator('.theme-drawer').getByRole('button', { name: label, exact: true }).click();
      await closeDrawer(page);
      await shoot(page, `${layout}-en`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts the menu in a drawer on an 800 px wide screen', async () => {
    const { context, page } = await signedIn({ width: 800, height: 900 });
    const errors = watchErrors(page);
    expect(await page.getByTestId('console').getAttribute('class')).toContain('console--mobile');
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    await shoot(page, 'mobile');
    await page.getByRole('button', { name: '展开菜单' }).click();
    const drawer = page.locator('.console-menu-drawer');
    await drawer.getByRole('menuitem', { name: '商品评论' }).waitFor();
    await shoot(page, 'mobile-drawer');
    await drawer.getByRole('menuitem', { name: '商品评论' }).click();
    await page.waitForURL('**/goods/comment');
    await drawer.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
