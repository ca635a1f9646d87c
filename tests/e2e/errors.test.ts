import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startE2eServer, stopE2eServer } from '../support/e2e-server';
import type { SpawnedServer } from '../support/spawn-server';
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
  let server: SpawnedServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stopE2eServer(server);
  });

  it('lists an uncaught error with its page on the Error Log page, from this browser and from the server', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, server.url, 'admin', 'admin123');
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
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
    await page.goto(`${server.url}/login`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/`);
    await page.getByText('控制台已缓存，断网时也可以打开。').waitFor({ timeout: 20_000 });
    expect(violations).toEqual([]);

    const sw = await context.request.get(`${server.url}/sw.js`);
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    const manifest = await context.request.get(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    expect((await manifest.json()).name).toBe('电商卖家控制台');
    await context.close();
  });
});
