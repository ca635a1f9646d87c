/**
 * 商品 › 文件管理 in Chromium against the built console: a seller makes a folder, uploads a picture
 * into it, previews it, renames it, moves it to the top and deletes it and the folder; a seller of
 * another team sees neither meanwhile. The team's manager, who only reads, sees the same files with
 * no way to change them. On a phone each row shows its size, type and time under its name.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';
import { productShot } from '../../server/db/seed/png';

async function openFiles(browser: Browser, base: string, user: string, password: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', serviceWorkers: 'block' });
  const page = await context.newPage();
  await logIn(page, base, user, password);
  await page.goto(`${base}/goods/explorer`);
  await page.locator('.files-table .ant-table-row').first().waitFor();
  return page;
}

const row = (page: Page, name: string) => page.locator('.files-table .ant-table-row').filter({ has: page.locator('.files-name', { hasText: new RegExp(`^${name}$`) }) });

/** Opens a row's menu of actions. */
async function openMenu(page: Page, name: string) {
  // The seller's live quote notices pile up at the bottom right, over the rows' menus: they are closed first.
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.dispatchEvent('click').catch(() => undefined);
  await page.getByRole('button', { name: `更多操作 ${name}` }).dispatchEvent('click');
  // A menu opened before may still be fading out: the one to use is the last opened.
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
}

async function choose(page: Page, name: string, action: string) {
  await (await openMenu(page, name)).getByRole('menuitem', { name: action }).dispatchEvent('click');
}

describe('文件管理 in the browser', () => {
  const e2e = useE2eConsole();

  it('lets a seller upload into a new folder, preview, rename, move and delete, unseen by another team', { timeout: 120_000 }, async () => {
    const page = await openFiles(e2e.browser, e2e.server.url, 'seller', 'seller123');
    await expect.poll(() => row(page, '商品主图').count()).toBe(1);

    await page.getByRole('button', { name: '新建文件夹' }).click();
    const nameBox = page.getByRole('dialog').getByLabel('名称');
    // A name with a slash is refused in place, what was typed kept.
    await nameBox.fill('e2e/资料');
    await page.getByRole('dialog').getByRole('button', { name: '确 定' }).click();
    await page.getByRole('dialog').getByText('名称不能包含 / 或 \\').waitFor();
    await nameBox.fill('e2e资料');
    await page.getByRole('dialog').getByRole('button', { name: '确 定' }).click();
    await row(page, 'e2e资料').waitFor();
    await page.locator('.files-name', { hasText: /^e2e资料$/ }).click();
    await page.locator('.files-path').getByText('e2e资料').waitFor();

    await page.getByRole('button', { name: '上传文件' }).click();
    await page.locator('.ant-upload input[type=file]').setInputFiles({ name: '测试主图.png', mimeType: 'image/png', buffer: productShot(48, [240, 240, 255], [200, 40, 40]) });
    await page.locator('.files-upload-done').getByText('已上传').waitFor();
    await page.keyboard.press('Escape');
    await row(page, '测试主图.png').waitFor();

    // The picture opens in the image viewer.
    await page.locator('.files-name', { hasText: '测试主图.png' }).click();
    await page.locator('.ant-image-preview img').waitFor();
    expect(await page.locator('.ant-image-preview img').getAttribute('src')).toMatch(/^blob:/);
    await page.keyboard.press('Escape');

    // Another team's seller sees neither the folder nor the file, even searching for it.
    const other = await openFiles(e2e.browser, e2e.server.url, 'sunli', 'demo123456');
    expect(await row(other, 'e2e资料').count()).toBe(0);
    await other.getByLabel('搜索本团队的文件').fill('测试主图');
    await other.getByLabel('搜索本团队的文件').press('Enter');
    await other.getByText('没有找到匹配的文件').waitFor();
    await other.context().close();

    await choose(page, '测试主图.png', '重命名');
    await page.getByRole('dialog').getByLabel('名称').fill('测试主图-定稿.png');
    await page.getByRole('dialog').getByRole('button', { name: '确 定' }).click();
    await row(page, '测试主图-定稿.png').waitFor();

    await choose(page, '测试主图-定稿.png', '移动');
    await page.getByRole('dialog').getByText('根目录').click();
    await page.getByRole('dialog').getByRole('button', { name: '移动到这里' }).click();
    await page.getByText('这个文件夹是空的，上传文件或新建文件夹吧').waitFor();

    await page.locator('.files-path').getByText('全部文件').click();
    await row(page, '测试主图-定稿.png').waitFor();
    await choose(page, '测试主图-定稿.png', '删除');
    await page.locator('.ant-modal-confirm', { hasText: '删除文件「测试主图-定稿.png」？' }).getByRole('button', { name: '删 除' }).click();
    await expect.poll(() => row(page, '测试主图-定稿.png').count()).toBe(0);

    await choose(page, 'e2e资料', '删除');
    await page.locator('.ant-modal-confirm', { hasText: '文件夹是空的。' }).getByRole('button', { name: '删 除' }).click();
    await expect.poll(() => row(page, 'e2e资料').count()).toBe(0);
    await page.context().close();
  });

  it("shows the team manager, who only reads, the team's files without upload, new folder, rename, move or delete", { timeout: 60_000 }, async () => {
    const page = await openFiles(e2e.browser, e2e.server.url, 'qianwei', 'demo123456');
    await expect.poll(() => row(page, '商品主图').count()).toBe(1);
    await page.locator('.files-usage').waitFor();
    expect(await page.getByRole('button', { name: /上传文件|新建文件夹/ }).count()).toBe(0);
    // A folder offers nothing but opening it; a file only its preview and download.
    expect(await page.getByRole('button', { name: '更多操作 商品主图' }).count()).toBe(0);
    await page.locator('.files-name', { hasText: /^对账单$/ }).click();
    await page.locator('.files-path').getByText('对账单').waitFor();
    const bill = page.locator('.files-table .ant-table-row .files-name').first();
    const name = (await bill.textContent())!;
    const menu = await openMenu(page, name);
    await menu.getByRole('menuitem', { name: '下载' }).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(expect.not.arrayContaining(['重命名', '移动', '删除']));
    expect(await menu.getByRole('menuitem').count()).toBeLessThanOrEqual(2);
    await page.context().close();
  });

  it('shows on a phone each row as its name over its size, type and time, with its menu', { timeout: 60_000 }, async () => {
    const page = await openFiles(e2e.browser, e2e.server.url, 'seller', 'seller123', { width: 390, height: 844 });
    await page.locator('.files-name', { hasText: /^对账单$/ }).click();
    await page.locator('.files-path').getByText('对账单').waitFor();
    const first = page.locator('.files-table .ant-table-row').first();
    expect(await first.locator('.files-name-meta').textContent()).toMatch(/^[\d.]+ (B|KB) · 表格 · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Nothing runs past the screen's edge, and the row's menu is in reach.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const name = (await first.locator('.files-name').textContent())!;
    expect(await (await openMenu(page, name)).getByRole('menuitem').allTextContents()).toEqual(['预览', '下载', '重命名', '移动', '删除']);
    await page.context().close();
  });
});
