/**
 * Issue 16's "done when", in Chromium against the built console: a seller imports each platform's
 * order and settlement files and a shipment file as they really come (Douyin CSV in UTF-8 with BOM and
 * tab-guarded ids, Kuaishou CSV in GB18030 under two title rows, WeChat XLSX), runs the match on the
 * summary, finds every outcome with its count, explains one difference, imports the same files
 * again and sees nothing change, and exports the differences as an XLSX that reads back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn, waitForSettled } from '../support/console-page';
import { readXlsx } from '../support/reconciliation-files';
import { scenarioFiles } from '../support/reconciliation-scenario';

type ScenarioFile = Awaited<ReturnType<typeof scenarioFiles>>[number];

const KIND_LABEL: Record<ScenarioFile['kind'], string> = {
  douyin_orders: '抖音订单',
  douyin_flows: '抖音动账明细',
  kuaishou_orders: '快手订单',
  kuaishou_bills: '快手货款账单',
  wechat_orders: '微信小店订单',
  wechat_flows: '微信小店资金流水',
  shipments: '发货单（任意平台）',
};
const SHOPS = ['抖音测试店', '快手测试店', '微信测试店'];

async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOT_DIR) return;
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `recon-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Imports one file through the import screen: kind, shop, drop, preview, confirm; answers the result's figures. */
async function importFile(page: Page, file: ScenarioFile): Promise<{ created: number; updated: number; unchanged: number; headerRow: string }> {
  const kind = page.getByRole('combobox', { name: '文件类型' });
  await kind.click();
  const option = page.locator(`.ant-select-item-option[title="${KIND_LABEL[file.kind]}"]`);
  await waitForSettled(option);
  await option.click();
  if (file.shop) await page.getByRole('combobox', { name: '店铺' }).fill(file.shop);
  await page.locator('input[type=file]').setInputFiles({ name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) });
  const header = page.getByText(/^第 \d+ 行$/);
  await header.waitFor({ timeout: 30_000 });
  const headerRow = (await header.textContent()) ?? '';
  await page.getByRole('button', { name: '确认导入' }).click();
  // The result's title: the steps above name 导入完成 from the start.
  await page.locator('.ant-result-title', { hasText: '导入完成' }).waitFor({ timeout: 30_000 });
  const figure = async (title: string) => Number(await page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value').textContent());
  const result = { created: await figure('新增'), updated: await figure('更新'), unchanged: await figure('未变'), headerRow };
  if (file.kind === 'shipments') await page.getByText('404000000000').waitFor();
  await page.getByRole('button', { name: '继续导入' }).click();
  return result;
}

/** The outcome tags of the test shops' rows in the summary, summed by label. */
async function outcomeCounts(page: Page): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const shop of SHOPS) {
    for (const text of await page.locator('tr', { hasText: shop }).locator('.recon-outcome-tag').allTextContents()) {
      const [, label, count] = /^(.+?)\s*(\d+)$/.exec(text.trim())!;
      counts[label!] = (counts[label!] ?? 0) + Number(count);
    }
  }
  return counts;
}

describe('reconciliation in the browser', () => {
  const e2e = useE2eConsole();

  it('imports every platform file, matches, explains a difference, re-imports without change and exports the differences', async () => {
    const files = await scenarioFiles();
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'seller', 'seller123');

    await page.goto(`${e2e.server.url}/bill/core/ImportSend`);
    await page.getByText('点击或拖入从平台后台下载的文件').waitFor();
    await shoot(page, 'import');
    const first = [];
    for (const file of files) first.push(await importFile(page, file));
    expect(first.map((result) => result.created + result.updated)).toEqual([8, 8, 2, 2, 2, 2, 9]);
    // Two title rows above the Kuaishou header.
    expect(first[2]!.headerRow).toBe('第 3 行');
    // The history lists the newest ten first.
    await page.getByText('shipments.xlsx').first().waitFor();
    await shoot(page, 'import-history');

    await page.goto(`${e2e.server.url}/bill/summary`);
    await page.getByRole('button', { name: /运行对账/ }).click();
    await page.getByText(/^对账完成/).waitFor({ timeout: 30_000 });
    await page.locator('tr', { hasText: '抖音测试店' }).first().waitFor();
    expect(await outcomeCounts(page)).toEqual({ 已对平: 3, 金额不符: 2, 未发货: 1, 已发货未结算: 2, 已退款: 1, 重复结算: 1, 平台有账无单: 1, 有单无发货记录: 1, 待结算: 1 });
    await shoot(page, 'summary');

    // Explain Douyin's short settlement from the drill-down.
    await page.locator('tr', { hasText: '抖音测试店' }).locator('.recon-outcome-tag', { hasText: '金额不符' }).first().click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('6900000000000002').waitFor();
    await drawer.getByRole('button', { name: '标记已说明' }).click();
    await page.getByPlaceholder('例如：平台少结 5 元，已提交申诉').fill('平台少结 5 元，已申诉');
    await page.getByRole('button', { name: '保存说明' }).click();
    await page.getByText('已标记为已说明，说明记入了订单的变更记录').waitFor();
    await drawer.getByText('平台少结 5 元，已申诉').waitFor();
    await page.keyboard.press('Escape');

    // The same files again: nothing created or updated.
    await page.goto(`${e2e.server.url}/bill/core/ImportSend`);
    const again = [];
    for (const file of files) again.push(await importFile(page, file));
    expect(again.map((result) => result.created + result.updated)).toEqual([0, 0, 0, 0, 0, 0, 0]);

    await page.goto(`${e2e.server.url}/bill/summary`);
    await page.getByRole('button', { name: /运行对账/ }).click();
    await page.getByText(/^对账完成/).last().waitFor({ timeout: 30_000 });
    expect(await outcomeCounts(page)).toEqual({ 已对平: 3, 金额不符: 2, 未发货: 1, 已发货未结算: 2, 已退款: 1, 重复结算: 1, 平台有账无单: 1, 有单无发货记录: 1, 待结算: 1 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出差异/ }).click()]);
    const rows = await readXlsx(new Uint8Array(fs.readFileSync((await download.path())!)).buffer);
    const byOrder = new Map(rows.slice(1).map((row) => [row[2], row]));
    expect(byOrder.get('6900000000000002')?.[3]).toBe('金额不符');
    expect(byOrder.get('6900000000000002')).toContain('平台少结 5 元，已申诉');
    expect(byOrder.get('6900000000000099')?.[3]).toBe('平台有账无单');
    expect(byOrder.has('6900000000000001')).toBe(false);

    // The platform order screen shows the outcome and offers 标记已说明 where a difference is unexplained.
    await page.goto(`${e2e.server.url}/bill/core/douyin`);
    await page.getByText('6900000000000006').first().waitFor();
    await shoot(page, 'douyin-orders');
    await context.close();
    // Fourteen imports of real files through the browser, two match runs and an export.
  }, 300_000);
});
