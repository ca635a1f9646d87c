import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';
import type { NoticeList } from '../../src/contract/api/notice';

/** Sets a flag if it ever runs: the proof that no handler in a notice executed. */
const INJECTED = '<img src="x" onerror="window.__noticeXss = true"><script>window.__noticeXss = true</script>';

describe('notices in Chromium', () => {
  const e2e = useE2eConsole();

  async function api<T>(route: string, token: string, body?: unknown): Promise<{ code: number; data: T }> {
    const res = await fetch(e2e.server.url + route, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data: T };
  }

  async function signedInSeller(): Promise<{ page: Page; token: string; teamId: number }> {
    const page = await (await e2e.browser.newContext()).newPage();
    await logIn(page, e2e.server.url, 'seller', 'seller123');
    const token = (await page.evaluate(() => localStorage.getItem('shop-vite-token')))!;
    const teamId = (await api<{ team: { id: number } }>('/api/index/index-init', token)).data.team.id;
    return { page, token, teamId };
  }

  const popUp = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text });
  const xssRan = (page: Page) => page.evaluate(() => (window as { __noticeXss?: boolean }).__noticeXss === true);

  it('pops up a notice an admin sends to the seller’s team, sanitised, and opens its asking record', async () => {
    const { page, token, teamId } = await signedInSeller();
    const admin = await fetch(`${e2e.server.url}/api/public/login-do`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const adminToken = ((await admin.json()) as { data: { token: string } }).data.token;
    const findId = 'XJ-E2E-0001';
    const created = await api<{ id: number }>('/api/admin/notices', adminToken, {
      type: 2,
      content: `<b>端到端报价</b>${INJECTED}`,
      find_id: findId,
      target_kind: 'team',
      target_id: teamId,
    });
    expect(created.code).toBe(200);

    const notice = popUp(page, '端到端报价');
    await notice.waitFor({ timeout: 6_000 });
    expect(await notice.locator('.notice-html').innerHTML()).toBe('<b>端到端报价</b>');
    expect(await xssRan(page)).toBe(false);

    await notice.locator('.ant-notification-notice-title').click();
    await page.waitForURL((url) => url.pathname === '/main/handlefind' && url.searchParams.get('name') === findId);
    expect(await page.getByTestId('find-id').textContent()).toBe(findId);
    await expect.poll(async () => (await api<NoticeList>('/api/index/find-notice', token)).data.rows.some((r) => r.id === created.data.id)).toBe(false);
    await page.context().close();
  });

  it('sanitises in the console too a notice written into the database past the API', async () => {
    const { page, teamId } = await signedInSeller();
    const db = new SQLite(path.join(e2e.server.dataDir, 'console.db'));
    try {
      db.prepare('INSERT INTO notices (type, content, find_id, target_kind, target_id, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
        3,
        `<i>直接写入</i>${INJECTED}`,
        'XJ-E2E-0002',
        'team',
        teamId,
        Date.now(),
      );
    } finally {
      db.close();
    }
    const notice = popUp(page, '直接写入');
    await notice.waitFor({ timeout: 6_000 });
    expect(await notice.locator('.notice-html').innerHTML()).toBe('<i>直接写入</i>');
    expect(await page.locator('[onerror], .ant-notification img').count()).toBe(0);
    expect(await xssRan(page)).toBe(false);
    await page.context().close();
  });
});
