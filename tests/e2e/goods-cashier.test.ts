/**
 * 商品 › 收银台 in Chromium against the built console: a seller scans a SKU, adds another goods by its
 * card, pays cash and reads the right change on the receipt; the goods' stock has dropped in 商品列表
 * and the income is in 交易流水; a seller of another team does not see the sale. An administrator is
 * told to sign in as a shop member.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';
import { call, loginAs } from '../support/server-harness';
import type { ListPage, ResourceRecord } from '../../src/contract/resource';

async function openCashier(browser: Browser, base: string, user: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', serviceWorkers: 'block' });
  const page = await context.newPage();
  await logIn(page, base, user, password);
  await page.goto(`${base}/goods/cashier`);
  return page;
}

describe('收银台 in the browser', () => {
  const e2e = useE2eConsole();

  it('sells two goods for cash, shows the change, and the stock and 交易流水 follow; another team does not see the sale', { timeout: 120_000 }, async () => {
    const base = e2e.server.url;
    const { token } = await loginAs(e2e.server, 'seller', 'seller123');
    const onSale = (
      await call<ListPage>(e2e.server, '/api/resources/goods/list', {
        token,
        body: { filters: [{ field: 'status', op: 'eq', value: 'on_sale' }, { field: 'stock', op: 'range', value: [20, null] }], sort: [{ field: 'stock', order: 'desc' }], pageSize: 2 },
      })
    ).body.data.rows as ResourceRecord[];
    const [scanned, clicked] = onSale;
    const price = (record: ResourceRecord) => Number(record.price_fen);

    const page = await openCashier(e2e.browser, base, 'seller', 'seller123');
    await page.getByTestId('cashier-today').waitFor();
    const scan = page.getByTestId('cashier-scan');
    await expect.poll(() => scan.evaluate((input) => input === document.activeElement)).toBe(true);
    await scan.fill(String(scanned!.sku));
    await scan.press('Enter');
    await page.getByTestId(`cashier-goods-${String(clicked!.sku)}`).click();
    await expect.poll(() => page.getByTestId('cashier-count').textContent()).toBe('2');
    // Focus is back in the scan box after a click, ready for the next scan.
    await expect.poll(() => scan.evaluate((input) => input === document.activeElement)).toBe(true);

    const due = price(scanned!) + price(clicked!);
    const received = Math.ceil(due / 10_000) * 10_000 + 10_000;
    const cash = page.locator('.cashier-received input');
    await cash.fill(String(received / 100));
    const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2 })}`;
    await expect.poll(() => page.getByTestId('cashier-change').textContent()).toBe(yuan(received - due));
    // Enter in 实收 checks out, as a cashier's hands stay on the keyboard.
    await cash.press('Enter');

    const receipt = page.getByTestId('cashier-receipt');
    await receipt.waitFor();
    expect(await page.getByTestId('cashier-receipt-change').textContent()).toBe(yuan(received - due));
    const text = (await receipt.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('华南采购一部');
    expect(text).toContain('王小美');
    expect(text).toContain(String(scanned!.name));
    expect(text).toContain(String(clicked!.name));
    const saleNo = /XS\d{12,}/.exec(text)![0];
    const tradeNo = /JY\d{12,}/.exec(text)![0];
    await page.getByTestId('cashier-next').click();
    await expect.poll(() => page.getByTestId('cashier-count').textContent()).toBe('0');
    await expect.poll(() => scan.evaluate((input) => input === document.activeElement)).toBe(true);

    // 商品列表: the scanned goods' detail shows one fewer in stock.
    await page.goto(`${base}/goods/list?view=${scanned!.id}`);
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText(String(scanned!.name), { exact: true }).waitFor();
    await expect.poll(async () => (await drawer.innerText()).replace(/\s+/g, ' ')).toContain(`库存 ${(Number(scanned!.stock) - 1).toLocaleString('zh-CN')}`);

    // 交易流水: the income, in cash from 门店顾客.
    const trades = (await call<ListPage>(e2e.server, '/api/resources/trades/list', { token, body: { filters: [{ field: 'trade_no', op: 'eq', value: tradeNo }] } })).body.data.rows;
    await page.goto(`${base}/goods/trade?view=${trades[0]!.id}`);
    const trade = page.locator('.ant-drawer-open');
    await trade.getByText(tradeNo).first().waitFor();
    const tradeText = (await trade.innerText()).replace(/\s+/g, ' ');
    expect(tradeText).toContain('现金');
    expect(tradeText).toContain('门店顾客');
    expect(tradeText).toContain(saleNo);
    await page.context().close();

    // Another shop's seller: not in their latest sales, and the receipt is not theirs.
    const other = await openCashier(e2e.browser, base, 'sunli', 'demo123456');
    await other.getByTestId('cashier-recent').click();
    await other.locator('.ant-popover .cashier-recent, .ant-popover .ant-empty').first().waitFor();
    expect(await other.locator('.ant-popover').innerText()).not.toContain(saleNo);
    await other.context().close();
    const { token: theirs } = await loginAs(e2e.server, 'sunli', 'demo123456');
    const sale = (await call<{ id: number }>(e2e.server, `/api/goods/cashier/today`, { method: 'GET', token })).body.data as unknown as { recent: Array<{ id: number; sale_no: string }> };
    const id = sale.recent.find((row) => row.sale_no === saleNo)!.id;
    expect((await call(e2e.server, `/api/goods/cashier/sales/${id}`, { method: 'GET', token: theirs })).status).toBe(404);
  });

  it('tells an administrator to sign in as a shop member', async () => {
    const page = await openCashier(e2e.browser, e2e.server.url, 'admin', 'admin123');
    await page.getByText('请以门店团队成员身份登录收银').waitFor();
    await page.context().close();
  });
});
