import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';

/** Client-side navigation, as a menu click does it: the page (and its in-memory error log) stays. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(`**${path}`);
}

describe('errors, the service worker and the error log in Chromium', () => {
  const e2e = useE2eConsole();

  it('lists an uncaught error with its page on the Error Log page, from this browser and from the server', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    await page.waitForURL('**/common/info/spot');
    const where = page.url();
    const reported = page.waitForResponse((r) => r.url().endsWith('/api/index/error-log'));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom from the e2e test');
      });
    });
    expect((await (await reported).json()).code).toBe(200);

    await navigate(page, '/setting/error-log');
    const local = page.getByTestId('local-errors');
    await local.getByText('boom from the e2e test').waitFor();
    expect(await local.textContent()).toContain(where);
    expect(await local.textContent()).toContain('脚本错误');

    const fromServer = page.getByTestId('server-errors');
    await fromServer.getByText('boom from the e2e test').waitFor();
    expect(await fromServer.textContent()).toContain('admin');
    await context.close();
  });

  it('installs the service worker from the root, announces offline readiness, and serves it fresh', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
    await page.goto(`${e2e.server.url}/login`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${e2e.server.url}/`);
    await page.getByText('以后网络断开时，也可以打开控制台。').waitFor({ timeout: 20_000 });
    expect(violations).toEqual([]);

    const sw = await context.request.get(`${e2e.server.url}/sw.js`);
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    const manifest = await context.request.get(`${e2e.server.url}/manifest.webmanifest`);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    expect((await manifest.json()).name).toBe('电商卖家控制台');
    await context.close();
  });
});
