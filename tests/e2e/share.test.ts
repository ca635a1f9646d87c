import { describe, expect, it } from 'vitest';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';

describe('quotation links in Chromium', () => {
  const e2e = useE2eConsole();

  it('lets the quoting team share a quote that a visitor opens without logging in', async () => {
    const staff = await e2e.browser.newContext();
    const page = await staff.newPage();
    await logIn(page, e2e.server.url, 'staff', 'staff123');
    await page.goto(`${e2e.server.url}/personal/quotation-link`);
    const row = page.getByTestId('share-quotes').locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    const cells = row.locator('td');
    const goods = (await cells.nth(1).textContent())!.trim();
    const price = (await cells.nth(4).textContent())!.trim();
    expect(price).toMatch(/^¥\d+\.\d{2}$/);

    await row.getByRole('button', { name: '生成分享链接' }).click();
    const field = page.getByTestId('share-link');
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${e2e.server.url}/share\\?token=[\\w-]+$`));
    await page.getByTestId('share-links').locator('tbody tr.ant-table-row').getByText(goods).first().waitFor();

    const visitor = await e2e.browser.newContext();
    const shared = await visitor.newPage();
    const errors: string[] = [];
    shared.on('pageerror', (e) => errors.push(String(e)));
    await shared.goto(link);
    const quote = shared.getByTestId('shared-quote');
    await quote.waitFor();
    expect(new URL(shared.url()).pathname).toBe('/share');
    const text = await quote.textContent();
    expect(text).toContain(goods);
    expect(text).toContain(price);
    expect(text).toContain('云仓报价组');
    expect(errors).toEqual([]);

    await shared.goto(`${e2e.server.url}/share?token=not-a-real-token-at-all`);
    await shared.getByText('链接不存在或已失效').waitFor();
    await visitor.close();
    await staff.close();
  });
});
