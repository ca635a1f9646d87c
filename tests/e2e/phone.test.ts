/**
 * The console on a phone (390×844, issue 18), in Chromium against the built console: lists are
 * cards (no table), a record's detail is one column in a full-screen drawer or dialog, a form one
 * column, nothing is wider than the window and no text wraps one character a line; as admin and
 * as a seller, in light and dark mode. Screenshots go to test-results/ to be looked at.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';
import { settings } from '../../src/contract/settings';
import type { NoticeList } from '../../src/contract/api/notice';

const SHOTS = path.resolve(import.meta.dirname, '../../test-results');
const PHONE = { width: 390, height: 844 };

type Mode = 'light' | 'dark';

async function phonePage(browser: Browser, base: string, user: string, password: string, mode: Mode): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  // The theme as saved by the theme drawer: only the colour mode differs from the defaults.
  if (mode === 'dark') await context.addInitScript(() => localStorage.setItem('shop-vite-theme', JSON.stringify({ colorMode: 'dark' })));
  const page = await context.newPage();
  await logIn(page, base, user, password);
  return page;
}

/**
 * What overflows the window or wraps a character a line, named so a failure says where:
 * - elements reaching past the window's right edge that no clipping box holds;
 * - text of three characters or more laid out a character or two a line.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')}`;
    if (document.documentElement.scrollWidth > width + 1) problems.push(`page ${document.documentElement.scrollWidth}px wide`);
    // Clipped on purpose by a part of the page (an ellipsis, a tab strip with its arrows) is held;
    // clipped by the frame, or in a box that scrolls sideways, is not: on a phone nothing should
    // need a sideways scroll.
    const held = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        const rect = up.getBoundingClientRect();
        if ((overflow === 'hidden' || overflow === 'clip') && rect.right <= width + 1 && rect.width < width - 16) return true;
      }
      return false;
    };
    for (const scroller of document.querySelectorAll('.console-content, .console-view')) {
      if (scroller.scrollWidth > scroller.clientWidth + 1) problems.push(`${name(scroller)} scrolls sideways (${scroller.scrollWidth}px)`);
    }
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue;
      if (rect.right > width + 1 && !held(el)) problems.push(`${name(el)} reaches ${Math.round(rect.right)}px`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, '');
      if (text.length < 3 || !node.parentElement || node.parentElement.getClientRects().length === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      // One or two characters a line, over three lines or more: a value squeezed into a sliver.
      if (lines >= 3 && text.length / lines <= 2) problems.push(`"${text.slice(0, 20)}" wraps one character a line in ${name(node.parentElement)}`);
    }
    return [...new Set(problems)].slice(0, 10);
  });
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `phone-${name}.png`) });
}

/** Opens a list page and waits for its cards. */
async function openCards(page: Page, base: string, route: string) {
  await page.goto(base + route);
  await page.locator('article.engine-card').first().waitFor({ timeout: 20_000 });
  expect(await page.locator('.engine-list table').count(), `${route}: a table on a phone`).toBe(0);
  expect(await page.locator('.engine-list-pagination.is-phone').count()).toBe(1);
}

describe('the console on a phone', { timeout: 240_000 }, () => {
  const e2e = useE2eConsole();

  for (const mode of ['light', 'dark'] as const) {
    it(`shows admin the goods as cards, a record's detail and a form in one full-screen column (${mode})`, async () => {
      const base = e2e.server.url;
      const page = await phonePage(e2e.browser, base, 'admin', 'admin123', mode);
      if (mode === 'dark') expect(await page.getByTestId('console').getAttribute('class')).toContain('console--dark');

      await openCards(page, base, '/goods/list');
      const card = page.locator('article.engine-card').first();
      // The goods screen's card: the name to open it, its SKU under it, its state, three key fields.
      expect(await card.locator('.engine-card-status .ant-tag').count()).toBe(1);
      expect(await card.locator('dt').allInnerTexts()).toEqual(['售价', '库存', '类目']);
      expect(await layoutProblems(page)).toEqual([]);
      await shoot(page, `admin-goods-${mode}`);

      // Every row action in the ⋯ menu.
      await card.getByRole('button', { name: '更多' }).click();
      const menu = page.locator('.engine-card-menu').last();
      await menu.waitFor();
      expect(await menu.getByRole('button').allInnerTexts()).toEqual(['详情', '编辑', '删除']);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      // The title opens the record: its detail fills the screen, one label and value a row.
      const title = (await card.locator('.engine-card-title').innerText()).trim();
      await card.locator('.engine-card-open').click();
      const opened = page.locator('.ant-drawer-content-wrapper, .ant-modal').filter({ has: page.locator('.ed-detail') }).last();
      await opened.locator('.ed-detail .ant-descriptions-row').first().waitFor();
      expect(await opened.innerText()).toContain(title);
      const box = (await opened.boundingBox())!;
      expect(Math.round(box.width)).toBeGreaterThanOrEqual(PHONE.width - 1);
      const perRow = await opened.locator('.ed-group .ant-descriptions-row').evaluateAll((rows) => rows.map((row) => row.querySelectorAll('.ant-descriptions-item-label').length));
      expect(perRow.length).toBeGreaterThan(3);
      expect(new Set(perRow)).toEqual(new Set([1]));
      expect(await layoutProblems(page)).toEqual([]);
      await shoot(page, `admin-goods-detail-${mode}`);
      await opened.locator('.ant-drawer-close, .ant-modal-close').first().click();
      await opened.waitFor({ state: 'hidden' });

      // 新增 opens the form over the whole screen, one field a row.
      await page.locator('.engine-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
      const form = page.locator('.ef-form').last();
      await form.locator('.ef-item').first().waitFor();
      const columns = await form.locator('.ef-grid').first().evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
      expect(columns).toBe(1);
      expect(Math.round((await form.boundingBox())!.width)).toBeGreaterThan(PHONE.width - 80);
      expect(await layoutProblems(page)).toEqual([]);
      await shoot(page, `admin-goods-form-${mode}`);
      await page.context().close();
    });
  }

  it('shows a seller its asks and purchases as cards, and the users list to admin, none wider than the window', async () => {
    const base = e2e.server.url;
    const seller = await phonePage(e2e.browser, base, 'seller', 'seller123', 'light');
    for (const [route, name] of [
      ['/common/info/question', 'seller-asks'],
      ['/common/info/purchase', 'seller-purchases'],
    ] as const) {
      await openCards(seller, base, route);
      expect(await layoutProblems(seller), route).toEqual([]);
      await shoot(seller, name);
    }
    // The ask's card: goods as title, its number under it, its workflow state as the tag.
    const ask = seller.locator('article.engine-card').first();
    await seller.goto(`${base}/common/info/question`);
    await ask.waitFor();
    expect(await ask.locator('.engine-card-subtitle').innerText()).toMatch(/^XJ\d+/);
    expect(await ask.locator('.engine-card-status .ant-tag').count()).toBe(1);
    // Its ⋯ holds the screen's actions and the workflow's transitions the seller may take now.
    await ask.getByRole('button', { name: '更多' }).click();
    const menu = seller.locator('.engine-card-menu').last();
    await menu.waitFor();
    const items = await menu.getByRole('button').allInnerTexts();
    expect(items.length).toBeGreaterThan(1);
    // A transition the screen also calls through an api action is offered once.
    expect(items.length, items.join(' | ')).toBe(new Set(items).size);
    expect(await layoutProblems(seller)).toEqual([]);
    await shoot(seller, 'seller-ask-menu');
    await seller.context().close();

    // 导入发货: the import's step titles each on one line (under their icons), on this phone and a
    // narrower one (360 px, where titles beside the icons broke a character or two a line).
    const importer = await phonePage(e2e.browser, base, 'seller', 'seller123', 'light');
    await importer.goto(`${base}/bill/core/ImportSend`);
    const titles = importer.locator('.ant-steps-item-title');
    await titles.nth(2).waitFor({ timeout: 20_000 });
    expect(await titles.allInnerTexts()).toEqual(['预览', '确认导入', '导入完成']);
    for (const width of [PHONE.width, 360]) {
      await importer.setViewportSize({ width, height: PHONE.height });
      await importer.waitForTimeout(300);
      const lines = await titles.evaluateAll((elements) =>
        elements.map((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
      );
      expect(lines, `step titles' lines at ${width} px`).toEqual([1, 1, 1]);
      expect(await layoutProblems(importer)).toEqual([]);
      await shoot(importer, `seller-import-steps-${width}`);
    }
    await importer.context().close();

    const admin = await phonePage(e2e.browser, base, 'admin', 'admin123', 'dark');
    await openCards(admin, base, '/setting/user');
    expect(await layoutProblems(admin)).toEqual([]);
    await shoot(admin, 'admin-users-dark');

    // The checks see what they look for: a box past the edge, a price squeezed a character a line.
    await admin.evaluate(() => {
      const view = document.querySelector('.console-view')!;
      view.insertAdjacentHTML('beforeend', '<div class="too-wide" style="width: 600px; height: 10px"></div><span class="squeezed" style="display: inline-block; width: 14px; word-break: break-all">¥97.90</span>');
    });
    const problems = await layoutProblems(admin);
    expect(problems.some((p) => p.startsWith('div.too-wide reaches'))).toBe(true);
    expect(problems, problems.join(' | ')).toContain('"¥97.90" wraps one character a line in span.squeezed');
    await admin.context().close();
  });

  it('pops a live notice up at the bottom, clear of the header, whose menu button opens the menu meanwhile, and folds it into the bell', async () => {
    const base = e2e.server.url;
    const api = async <T,>(route: string, token: string | null, body?: unknown): Promise<T> => {
      const response = await fetch(base + route, {
        method: 'POST',
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as { code: number; msg: string; data: T };
      expect(answer.code, `${route}: ${answer.msg}`).toBe(200);
      return answer.data;
    };
    const seller = await phonePage(e2e.browser, base, 'seller', 'seller123', 'light');
    const sellerToken = await seller.evaluate((key) => localStorage.getItem(key), settings.storageKeys.token);
    const { team } = await api<{ team: { id: number } }>('/api/index/index-init', sellerToken);
    const { token: adminToken } = await api<{ token: string }>('/api/public/login-do', null, { username: 'admin', password: 'admin123' });
    const sent = await api<{ id: number }>('/api/admin/notices', adminToken, { type: 2, content: '<b>手机端报价通知</b>', find_id: 'XJ-PHONE-0001', target_kind: 'team', target_id: team.id });

    const notice = seller.getByTestId(`notice-popup-${sent.id}`);
    await notice.waitFor({ timeout: 15_000 });
    // Every pop-up up (the seed's own notices pile with this one) sits below the header, inside the window.
    const header = (await seller.locator('.console-header').boundingBox())!;
    for (const card of await seller.locator('.ant-notification-notice').all()) {
      const box = (await card.boundingBox())!;
      expect(box.y, 'a pop-up over the header').toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await shoot(seller, 'seller-notice');

    // The menu button takes the tap while the notice shows (Playwright's click waits for nothing to cover it, and fails if something does).
    await seller.locator('.console-header').getByRole('button', { name: '展开' }).click({ timeout: 3_000 });
    await seller.locator('.console-menu-drawer .ant-menu-root').waitFor();
    expect(await notice.isVisible()).toBe(true);
    await shoot(seller, 'seller-notice-menu-open');
    await seller.keyboard.press('Escape');

    // A while later it folds into the bell, still open there: the server was not told it was closed.
    await notice.waitFor({ state: 'detached', timeout: settings.noticePhoneShown + 10_000 });
    const open = await api<NoticeList>('/api/index/find-notice', sellerToken, {});
    expect(open.rows.map((row) => row.id)).toContain(sent.id);
    await seller.context().close();
  });
});
