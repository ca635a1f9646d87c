/**
 * 商品 › 商品管理 in Chromium against the built console: a seller picks a category, ticks two goods,
 * previews a 调价 (+1 yuan: before → after for each), applies it and sees the new prices in the
 * table; the batch heads 操作记录, and undoing it puts the old prices back. Another team's seller
 * does not see the batch. An administrator works in a team they pick.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';
import { call, loginAs } from '../support/server-harness';
import type { GoodsBatchPage } from '../../src/contract/api/goods-management';
import type { ResourceRecord } from '../../src/contract/resource';

async function openManagement(browser: Browser, base: string, user: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', serviceWorkers: 'block' });
  const page = await context.newPage();
  await logIn(page, base, user, password);
  await page.goto(`${base}/goods/management`);
  await page.locator('.goods-mgmt').waitFor();
  return page;
}

const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2 })}`;
/** antd spaces a two-character Chinese button label (调 价): match it either way. */
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

describe('商品管理 in the browser', () => {
  const e2e = useE2eConsole();

  it('previews a 调价 of two ticked goods, applies it, lists it in 操作记录 and undoes it', { timeout: 120_000 }, async () => {
    const base = e2e.server.url;
    const { token } = await loginAs(e2e.server, 'seller', 'seller123');
    const priceOf = async (id: number) => Number((await call<ResourceRecord>(e2e.server, '/api/resources/goods/get', { token, body: { id } })).body.data.price_fen);

    const page = await openManagement(e2e.browser, base, 'seller', 'seller123');
    await page.locator('.goods-mgmt-category', { hasText: '数码' }).click();
    const rows = page.locator('.goods-mgmt-goods .ant-table-tbody tr.ant-table-row');
    await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('数码'))).toBe(true);
    const ids = (await Promise.all([0, 1].map((i) => rows.nth(i).getAttribute('data-row-key')))).map(Number);
    const before = await Promise.all(ids.map(priceOf));
    for (const i of [0, 1]) await rows.nth(i).locator('.ant-table-selection-column').click();
    await page.getByText('已选 2 件').waitFor();

    await page.getByRole('button', { name: label('调价') }).click();
    const dialog = page.locator('.goods-mgmt-dialog');
    await dialog.getByText('加减金额').click();
    await dialog.getByPlaceholder('金额（元，负数为降价）').fill('1');
    await dialog.getByRole('button', { name: label('预览') }).click();
    const preview = dialog.locator('.goods-mgmt-preview');
    await preview.waitFor();
    await dialog.getByText('共 2 件商品，2 件将改变').waitFor();
    for (const [i, id] of ids.entries()) {
      const text = (await preview.locator(`tr[data-row-key="${id}"]`).innerText()).replace(/\s+/g, ' ');
      expect(text).toContain(yuan(before[i]));
      expect(text).toContain(yuan(before[i] + 100));
    }
    await dialog.getByPlaceholder('选填，如：双十一调价').fill('端到端调价');
    await dialog.getByRole('button', { name: '确认执行' }).click();
    await page.getByText(/批次 PL\d+ 已完成，共改动 2 件商品/).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The table reads again: the ticked goods carry their new prices.
    for (const [i, id] of ids.entries()) {
      await expect.poll(() => page.locator(`.goods-mgmt-goods tr[data-row-key="${id}"]`).innerText()).toContain(yuan(before[i] + 100));
    }
    expect(await Promise.all(ids.map(priceOf))).toEqual(before.map((fen) => fen + 100));

    await page.getByRole('tab', { name: '操作记录' }).click();
    const latest = page.locator('.goods-mgmt-history .ant-table-tbody tr.ant-table-row').first();
    await expect.poll(async () => (await latest.innerText()).replace(/\s+/g, ' ')).toContain('端到端调价');
    const latestText = (await latest.innerText()).replace(/\s+/g, ' ');
    expect(latestText).toContain('+¥1.00');
    expect(latestText).toContain('王小美');
    const batchNo = /PL\d{12,}/.exec(latestText)![0];

    await latest.getByRole('button', { name: label('详情') }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText(yuan(before[0] + 100)).first().waitFor();
    await drawer.locator('.ant-drawer-close').click();

    await latest.getByRole('button', { name: label('撤销') }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.getByText(`已撤销批次 ${batchNo}`).waitFor();
    await expect.poll(() => Promise.all(ids.map(priceOf))).toEqual(before);
    await expect.poll(async () => (await page.locator('.goods-mgmt-history').innerText()).replace(/\s+/g, ' ')).toContain(`撤销 ${batchNo}`);
    await page.context().close();

    // Another team's seller does not see the batch.
    const { token: theirs } = await loginAs(e2e.server, 'sunli', 'demo123456');
    const their = (await call<GoodsBatchPage>(e2e.server, '/api/goods/management/batches', { method: 'GET', token: theirs })).body.data.rows;
    expect(their.some((batch) => batch.batch_no === batchNo)).toBe(false);
  });

  it('lets an administrator pick the team to manage', { timeout: 60_000 }, async () => {
    const page = await openManagement(e2e.browser, e2e.server.url, 'admin', 'admin123');
    const team = page.getByRole('combobox', { name: '团队' });
    await team.click();
    await page.locator('.ant-select-item-option', { hasText: '华南采购一部' }).click();
    await expect.poll(async () => (await page.locator('.goods-mgmt-categories').innerText()).replace(/\s+/g, ' ')).toMatch(/全部 40/);
    await page.getByRole('tab', { name: '操作记录' }).click();
    await page.locator('.goods-mgmt-history').getByText('双十一调价').waitFor();
    await page.context().close();
  });
});
