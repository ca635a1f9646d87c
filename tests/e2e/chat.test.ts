import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { E2E_SERVER_SCRIPT, startE2eServer, stopE2eServer } from '../support/e2e-server';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { logIn } from '../support/console-page';
import type { ChatSession, RecordsPage } from '../../src/contract/api/chat';
import { unreadTotal } from '../../src/shell/chat/sessions';

/** Screenshots of what the users saw, for a person to look at. */
const SHOTS = process.env.CHAT_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chat-e2e-'));

/** A port nobody listens on, so a restarted server comes back where the pages expect it. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The number on the header's chat button; 0 when it shows none. */
async function headerCount(page: Page): Promise<number> {
  const count = page.getByTestId('chat-entry').locator('xpath=ancestor::*[contains(@class,"ant-badge")][1]').locator('.ant-badge-count[data-show="true"]');
  return (await count.count()) === 0 ? 0 : Number(await count.getAttribute('title'));
}

const panel = (page: Page) => page.getByTestId('chat-panel');
const history = (page: Page) => panel(page).getByTestId('chat-history');
/** The row of a message in the open dialogue. */
const message = (page: Page, text: string): Locator => history(page).locator('.chat-msg', { hasText: text });

async function openChat(page: Page, partner: string) {
  await page.getByTestId('chat-entry').click();
  await panel(page).locator('.chat-session', { hasText: partner }).click();
  await panel(page).getByTestId('chat-dialogue-name').filter({ hasText: partner }).waitFor();
}

async function send(page: Page, text: string) {
  const editor = panel(page).getByTestId('chat-editor');
  await editor.fill(text);
  await editor.press('Enter');
}

describe('chat in Chromium', () => {
  let server: SpawnedServer;
  let browser: Browser;
  let port: number;
  let seller: Page;
  let staff: Page;

  beforeAll(async () => {
    port = await freePort();
    [server, browser] = await Promise.all([startE2eServer({ PORT: String(port) }), launchBrowser()]);
    const base = server.url;
    [seller, staff] = await Promise.all(
      [
        ['seller', 'seller123'],
        ['staff', 'staff123'],
      ].map(async ([username, password]) => {
        const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
        await logIn(page, base, username, password);
        return page;
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await stopE2eServer(server);
  });

  async function authOf(page: Page) {
    const token = (await page.evaluate(() => localStorage.getItem('shop-vite-token')))!;
    return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  }

  async function staffId(): Promise<number> {
    const contacts = await fetch(`${server.url}/chat/contact/search`, { method: 'POST', headers: await authOf(seller), body: JSON.stringify({ keyword: '李报价' }) });
    return ((await contacts.json()) as { data: { rows: { id: number }[] } }).data.rows[0].id;
  }

  /** What the staff's header should count, from the sessions the server lists for the staff. */
  async function staffUnread(): Promise<number> {
    const answer = await fetch(`${server.url}/chat/talk/session/list`, { method: 'POST', headers: await authOf(staff), body: JSON.stringify({ send_id: await staffId() }) });
    return unreadTotal(((await answer.json()) as { data: { rows: ChatSession[] } }).data.rows);
  }

  async function recordsBetweenSellerAndStaff(): Promise<string[]> {
    const auth = await authOf(seller);
    const page = await fetch(`${server.url}/chat/talk/records`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ talk_type: 1, receiver_id: await staffId(), after_sequence: 0, limit: 100 }),
    });
    return ((await page.json()) as { data: RecordsPage }).data.rows.map((r) => r.content);
  }

  it('lets the seller and the staff chat both ways, with unread counts, read receipts and typing', async () => {
    const stamp = Date.now().toString(36);
    const hello = `你好，样品今天能寄出吗？${stamp}`;
    const reply = `可以，下午发顺丰。${stamp}`;
    // The header shows what the server counts once the staff's sessions have loaded.
    const staffBefore = await staffUnread();
    await expect.poll(() => headerCount(staff)).toBe(staffBefore);

    await openChat(seller, '李报价');
    await panel(seller).getByTestId('chat-online').filter({ hasText: '在线' }).waitFor();
    // Opening the dialogue read what the staff had written before; other sessions keep their counts.
    await expect.poll(async () => panel(seller).locator('.chat-session', { hasText: '李报价' }).locator('.ant-badge-count').count()).toBe(0);
    const sellerReading = await headerCount(seller);
    await send(seller, hello);
    await message(seller, hello).getByText('已发送').waitFor();

    // The staff's header counts it, live, without opening anything.
    await expect.poll(() => headerCount(staff)).toBe(staffBefore + 1);
    await staff.screenshot({ path: path.join(SHOTS, 'staff-unread.png'), clip: { x: 760, y: 0, width: 680, height: 60 } });

    await staff.getByTestId('chat-entry').click();
    const sessionRow = panel(staff).locator('.chat-session', { hasText: '王小美' });
    await expect.poll(async () => Number(await sessionRow.locator('.ant-badge-count').first().getAttribute('title'))).toBeGreaterThanOrEqual(1);
    await sessionRow.click();
    await message(staff, hello).waitFor();
    expect(await message(staff, hello).getAttribute('class')).toContain('chat-msg--left');

    // Reading it clears the staff's count and puts a read receipt on the seller's message.
    await expect.poll(() => headerCount(staff)).toBe(staffBefore);
    await message(seller, hello).getByText('已读').waitFor();

    // Typing shows on the other side before anything is sent.
    await panel(staff).getByTestId('chat-editor').pressSequentially('可以');
    await panel(seller).getByTestId('chat-typing').waitFor();
    expect(await panel(seller).getByTestId('chat-typing').textContent()).toBe('对方正在输入…');
    await seller.screenshot({ path: path.join(SHOTS, 'seller-typing.png') });

    await panel(staff).getByTestId('chat-editor').fill(reply);
    await panel(staff).getByTestId('chat-editor').press('Enter');
    await message(seller, reply).waitFor();
    expect(await message(seller, reply).getAttribute('class')).toContain('chat-msg--left');
    expect(await message(staff, reply).getAttribute('class')).toContain('chat-msg--right');
    // The seller has the dialogue open: the reply is not counted unread, and the staff gets the receipt.
    await message(staff, reply).getByText('已读').waitFor();
    expect(await headerCount(seller)).toBe(sellerReading);
    await staff.screenshot({ path: path.join(SHOTS, 'staff-dialogue.png') });
    await seller.screenshot({ path: path.join(SHOTS, 'seller-dialogue.png') });
  });

  it('keeps what is written while the server is down in the outbox and delivers it once, in order, after a restart', { timeout: 120_000 }, async () => {
    const stamp = Date.now().toString(36);
    const during = [`停机时写的第一条 ${stamp}`, `停机时写的第二条 ${stamp}`];

    // Killed, as a crash would: no goodbye to the sockets.
    server.child.kill('SIGKILL');
    await server.exited;
    await panel(seller).getByText('连接已断开，正在重连…').waitFor();
    for (const text of during) {
      await send(seller, text);
      await message(seller, text).getByText('发送失败 —').waitFor();
    }
    const kept = await seller.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('chat-outbox-')).map((key) => JSON.parse(localStorage.getItem(key)!) as { content: string; client_msg_id: string }[]));
    expect(kept.flat().map((entry) => entry.content)).toEqual(during);
    await seller.screenshot({ path: path.join(SHOTS, 'seller-outbox.png') });

    // The same process again, on the same port and data folder.
    server = await spawnServer({ PORT: String(port), DATA_DIR: server.dataDir }, E2E_SERVER_SCRIPT);
    for (const text of during) await message(seller, text).getByText(/已发送|已读/).waitFor({ timeout: 30_000 });
    for (const text of during) await message(staff, text).waitFor({ timeout: 30_000 });
    await seller.screenshot({ path: path.join(SHOTS, 'seller-delivered.png') });
    await staff.screenshot({ path: path.join(SHOTS, 'staff-delivered.png') });

    // Once each, in the order written, in both browsers and in the database.
    for (const page of [seller, staff]) {
      const texts = await history(page).locator('.chat-text').allTextContents();
      expect(texts.filter((t) => t.includes(stamp))).toEqual(during);
    }
    const stored = await recordsBetweenSellerAndStaff();
    expect(stored.filter((c) => c.includes(stamp))).toEqual(during);
    expect(await seller.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('chat-outbox-')))).toEqual([]);
  });
});
