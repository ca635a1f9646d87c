/**
 * Issue 18's sweep, in Chromium against the built console: every demo account opens every menu item
 * it holds, at 1440×900 and at 390×844, light and dark, and nothing a user would call broken shows
 * (see sweep-inspect.ts for what that is). Each page is screenshotted under test-results/sweep/ for a
 * person to look at. One browser; one context per account; accounts run side by side.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { IndexInitData, MenuItem } from '../../src/contract/api/auth';
import { settings } from '../../src/contract/settings';
import { zh } from '../../src/shell/i18n/zh';
import { DEMO_ACCOUNTS, MORE_USERS, MORE_USERS_PASSWORD } from '../../server/db/seed/demo';
import { launchBrowser } from '../support/browser';
import { startE2eServer, stopE2eServer } from '../support/e2e-server';
import type { SpawnedServer } from '../support/spawn-server';
import { logIn } from '../support/console-page';
import { inspectPage, type InspectOptions } from '../support/sweep-inspect';

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/sweep');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const ACCOUNTS = [
  ...DEMO_ACCOUNTS.map((a) => ({ username: a.username, password: a.password })),
  ...MORE_USERS.map((u) => ({ username: u.username, password: MORE_USERS_PASSWORD })),
];

/** The menu's pages: its leaves that the side menu shows (hidden ones are opened from elsewhere). */
function pagesOf(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children.length ? pagesOf(item.children) : item.hidden || !item.vue_path ? [] : [item]));
}

async function menuOf(page: Page): Promise<IndexInitData> {
  return page.evaluate(async (tokenKey) => {
    const response = await fetch('/api/index/index-init', { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem(tokenKey)}` } });
    return ((await response.json()) as { data: IndexInitData }).data;
  }, settings.storageKeys.token);
}

/** Opens a menu page as a menu click does (the console stays loaded) and waits for it to finish loading. */
async function open(page: Page, item: MenuItem): Promise<string[]> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, item.path);
  await page.waitForFunction((prefix) => document.title.startsWith(prefix), `${item.title.zh}${settings.titleSeparator}`, { timeout: 15_000 });
  return settle(page);
}

const LOADING = '.ant-skeleton, .engine-skel, .engine-skeleton-bar, .ant-spin-spinning, .console-loading, .app-loading';

/** What still shows as loading: the visible loading marks by their first class and where they sit (the nearest test id), counted. */
function loadingMarks(selector: string): string[] {
  const counts = new Map<string, number>();
  for (const el of document.querySelectorAll(selector)) {
    if (!el.checkVisibility()) continue;
    const mark = `${el.classList[0]} in ${el.closest('[data-testid]')?.getAttribute('data-testid') ?? 'the page'}`;
    counts.set(mark, (counts.get(mark) ?? 0) + 1);
  }
  return [...counts].map(([mark, count]) => (count > 1 ? `${count} × ${mark}` : mark));
}

/**
 * Waits until no skeleton or spinner is left and motion has ended. How long a page takes is the benches'
 * business, not a test's: the sweep runs several accounts side by side on two cores, where a first draw
 * can take seconds. A page slower than 10 s is printed with what it still showed; one still loading after
 * 30 s is stuck, and that is a finding.
 */
async function settle(page: Page): Promise<string[]> {
  const idle = (timeout: number) =>
    page
      .waitForFunction((selector) => ![...document.querySelectorAll(selector)].some((el) => el.checkVisibility()), LOADING, { timeout, polling: 100 })
      .then(() => true, () => false);
  if (!(await idle(10_000))) {
    const showing = await page.evaluate(loadingMarks, LOADING);
    if (!(await idle(20_000))) return [`still loading after 30 s: ${(await page.evaluate(loadingMarks, LOADING)).join(', ')}`];
    console.warn(`sweep: ${page.url()} took over 10 s; at 10 s it showed ${showing.join(', ') || 'nothing any more'}`);
  }
  // antd's motions (menus, tabs, drawers) and colour transitions (a tag turning dark) last 0.2–0.3 s;
  // a colour sampled halfway is neither mode's. Finite animations only: a live mark pulses for ever.
  await page.waitForTimeout(250);
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 2_000, polling: 50 },
    )
    .catch(() => {});
  return [];
}

async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.getByRole('button', { name: dark ? zh.layout.dark : zh.layout.light }).click();
  await page.waitForFunction((want) => (JSON.parse(localStorage.getItem('shop-vite-theme') ?? '{}') as { colorMode?: string }).colorMode === want, dark ? 'dark' : 'light');
  await page.waitForTimeout(50);
}

describe('the sweep: every account, every menu page, desk and phone, light and dark', () => {
  // Not useE2eConsole: its failure hook closes every context, the other accounts' still running among them.
  const e2e = {} as { server: SpawnedServer; browser: Browser };
  beforeAll(async () => {
    [e2e.server, e2e.browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await stopE2eServer(e2e.server);
  });

  it.concurrent('shows a seller the 403 page inside the frame for a page that is not theirs, and the 404 for no page', async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'seller', 'seller123');
    for (const [address, status, title] of [
      ['/setting/user', '403', zh.error.title403],
      ['/no/such/page', '404', zh.error.title404],
    ] as const) {
      // Typed into the address bar: the console loads afresh at that address.
      await page.goto(`${e2e.server.url}${address}`);
      await page.waitForURL(`**/${status}`);
      await page.getByText(title).waitFor();
      // Inside the frame: the header and the side menu are there around it.
      await page.getByTestId('user-menu').waitFor();
      expect(await page.locator('.console-header').isVisible()).toBe(true);
    }
    await context.close();
  }, 120_000);

  it.concurrent('shows every side-menu label of every account whole, every group open at once (the menu scrolls then)', async () => {
    const findings: string[] = [];
    for (const { username, password } of ACCOUNTS) {
      const context = await e2e.browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
      const page = await context.newPage();
      await logIn(page, e2e.server.url, username, password);
      // Groups inside groups show once their parent is open: open what is closed until nothing is.
      const closed = page.locator('.console-sider .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
      while (await closed.count()) await closed.first().click();
      await page.waitForTimeout(300);
      const labels = await page.locator('.console-sider .ant-menu-title-content').count();
      expect(labels).toBeGreaterThan(3);
      const found = await page.evaluate(inspectPage, { admin: true, viewIds: [], i18nNamespaces: Object.keys(zh), desktop: true, dark: false, unbuilt: [] } satisfies InspectOptions);
      findings.push(...found.filter((problem) => problem.startsWith('menu label')).map((problem) => `${username}: ${problem}`));
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `menu-${username}.png`) });
      await context.close();
    }
    expect(findings).toEqual([]);
  }, 600_000);

  // The administrator holds every page: four passes over them took 10 minutes on a CI machine with
  // the other accounts drawn beside it, with no page slow.
  it.concurrent.for(ACCOUNTS)('$username', { timeout: 1_200_000 }, async ({ username, password }) => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await context.newPage();
    const findings: string[] = [];
    page.on('pageerror', (error) => findings.push(`${username}: script error ${error.message}`));
    try {
      await logIn(page, e2e.server.url, username, password);
      const init = await menuOf(page);
      const pages = pagesOf(init.menu).slice(0, Number(process.env.SWEEP_PAGES ?? Infinity));
      const base = {
        admin: init.role_type.includes('admin'),
        viewIds: pages.map((p) => p.vue_path).filter((id) => id.includes('/')),
        i18nNamespaces: Object.keys(zh),
        unbuilt: [zh.screen.notBuilt, zh.screen.notReady],
      };
      const dir = path.join(SHOTS, username);
      fs.mkdirSync(dir, { recursive: true });
      expect(pages.length).toBeGreaterThan(0);

      /**
       * One pass over every page at one size and mode. The size and the mode change once per pass,
       * not per page: each page stays open in its tab, so the later passes find it drawn already.
       */
      const pass = async (desktop: boolean, dark: boolean) => {
        const at = `${desktop ? '1440' : '390'} ${dark ? 'dark' : 'light'}`;
        for (const item of pages) {
          const opened = await open(page, item);
          const found = await page.evaluate(inspectPage, { ...base, desktop, dark } satisfies InspectOptions);
          const name = `${item.path.slice(1).replace(/\//g, '_')}-${desktop ? 'desk' : 'phone'}-${dark ? 'dark' : 'light'}.png`;
          await page.screenshot({ path: path.join(dir, name) });
          for (const problem of [...opened, ...found]) findings.push(`${username} ${item.path} ${at}: ${problem}`);
        }
      };
      await pass(true, false);
      await setDark(page, true);
      await pass(true, true);
      await page.setViewportSize(PHONE);
      await pass(false, true);
      // The dark switch lives in the user menu on a phone: switched back on the desk, checked on the phone.
      await page.setViewportSize(DESKTOP);
      await setDark(page, false);
      await page.setViewportSize(PHONE);
      await pass(false, false);
    } finally {
      await context.close();
    }
    expect(findings).toEqual([]);
  });
});
