/**
 * 商品 › 海报设计 in Chromium against the built console: a seller starts a poster from the 促销竖版
 * template, adds a text and a goods card, drags the card (undo puts it back, redo again, an arrow
 * nudges it), saves, reopens it from the list and finds it as saved, and exports a PNG of the
 * poster's full size; 保存到文件管理 puts the PNG in the team's files. A seller of another team does
 * not see the poster.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';
import { call, loginAs } from '../support/server-harness';
import type { PosterList } from '../../src/contract/api/posters';
import type { FilesListing } from '../../src/contract/api/files';

/** The width and height a PNG's header says. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const numberIn = async (page: Page, label: string) => Number(await page.locator('.poster-properties').getByLabel(label, { exact: true }).inputValue());

describe('海报设计 in the browser', () => {
  const e2e = useE2eConsole();

  it('designs a poster from a template, saves, reopens and exports it at full size', { timeout: 180_000 }, async () => {
    const base = e2e.server.url;
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', serviceWorkers: 'block', acceptDownloads: true });
    const page = await context.newPage();
    await logIn(page, base, 'seller', 'seller123');
    await page.goto(`${base}/goods/poster`);
    await page.locator('.poster-card').first().waitFor();

    await page.getByRole('button', { name: '新建海报' }).first().click();
    await page.locator('.poster-template[data-template="promo"]').click();
    await page.getByRole('dialog').getByLabel('海报名称').fill('端到端双十二海报');
    await page.getByRole('button', { name: '开始设计' }).click();
    await page.getByTestId('poster-stage').waitFor();

    await page.locator('[data-add="text"]').click();
    await page.locator('.poster-properties').getByLabel('文字内容').fill('今晚八点 直播间秒杀');
    await page.locator('[data-add="goods"]').click();
    const card = page.locator('.poster-frame-selected');
    await expect.poll(() => card.getAttribute('data-kind')).toBe('goods');
    const cardId = (await card.getAttribute('data-element'))!;
    const before = { x: await numberIn(page, 'X'), y: await numberIn(page, 'Y') };

    // Drag the card right and down on the stage.
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => numberIn(page, 'X')).toBeGreaterThan(before.x + 40);
    const moved = { x: await numberIn(page, 'X'), y: await numberIn(page, 'Y') };
    expect(moved.y).toBeGreaterThan(before.y + 20);

    // One drag is one undo step; redo brings it back; an arrow nudges by a pixel.
    await page.locator('.poster-stage').click({ position: { x: 5, y: 5 } });
    await expect.poll(() => page.locator('.poster-properties h4').textContent()).toBe('画布');
    await page.locator(`.poster-layer[data-layer="${cardId}"]`).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => numberIn(page, 'X')).toBe(before.x);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => numberIn(page, 'X')).toBe(moved.x);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => numberIn(page, 'X')).toBe(moved.x + 1);

    await page.getByRole('button', { name: /保\s*存$/ }).click();
    await page.getByText('海报已保存').waitFor();

    // Saved on the server as designed.
    const { token } = await loginAs(e2e.server, 'seller', 'seller123');
    const rows = (await call<PosterList>(e2e.server, '/api/goods/posters', { method: 'GET', token })).body.data.rows;
    const saved = rows.find((row) => row.name === '端到端双十二海报')!;
    expect(saved).toMatchObject({ width: 750, height: 1334, version: 1, updated_by_name: '王小美' });
    expect(saved.doc.elements.some((element) => element.kind === 'text' && element.text === '今晚八点 直播间秒杀')).toBe(true);
    const goods = saved.doc.elements.filter((element) => element.kind === 'goods').at(-1)!;
    expect([goods.x, goods.y]).toEqual([moved.x + 1, moved.y]);

    // Back to the list, reopened: the same layers and place.
    await page.getByRole('button', { name: '返回列表' }).click();
    await page.getByRole('button', { name: '打开 端到端双十二海报' }).click();
    await page.getByTestId('poster-stage').waitFor();
    await expect.poll(() => page.getByLabel('海报名称').inputValue()).toBe('端到端双十二海报');
    await page.locator('.poster-layer').filter({ hasText: '今晚八点 直播间秒杀' }).waitFor();
    await page.locator(`.poster-layer[data-layer="${goods.id}"]`).click();
    await expect.poll(() => numberIn(page, 'X')).toBe(moved.x + 1);

    // 导出 PNG: the poster at its full size.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 PNG' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^端到端双十二海报-\d{8}-\d{6}\.png$/);
    expect(pngSize(fs.readFileSync((await download.path())!))).toEqual({ width: 750, height: 1334 });

    // 保存到文件管理: the same PNG among the team's files, and not another team's.
    await page.getByRole('button', { name: '保存到文件管理' }).click();
    await page.getByText(/已保存到文件管理：端到端双十二海报-/).waitFor();
    const files = (await call<FilesListing>(e2e.server, `/api/files?keyword=${encodeURIComponent('端到端双十二海报')}`, { method: 'GET', token })).body.data.files;
    expect(files).toHaveLength(1);
    const kept = await fetch(`${base}/api/files/${files[0].id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(pngSize(Buffer.from(await kept.arrayBuffer()))).toEqual({ width: 750, height: 1334 });

    const other = (await loginAs(e2e.server, 'sunli', 'demo123456')).token;
    const theirs = (await call<PosterList>(e2e.server, '/api/goods/posters', { method: 'GET', token: other })).body.data.rows;
    expect(theirs.some((row) => row.id === saved.id)).toBe(false);
  });

  it("shows the team manager, who only reads posters, the team's posters to view and export, without 新建, 复制 or 删除", { timeout: 60_000 }, async () => {
    const base = e2e.server.url;
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', serviceWorkers: 'block' });
    const page = await context.newPage();
    await logIn(page, base, 'qianwei', 'demo123456');
    await page.goto(`${base}/goods/poster`);
    const card = page.locator('.poster-card').first();
    await card.waitFor();
    await expect.poll(() => page.getByRole('button', { name: '新建海报' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: '复制' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: '删除' }).count()).toBe(0);
    await card.getByRole('button', { name: '查看' }).click();
    await page.getByText('你可以查看和导出团队的海报；新建和修改需要海报编辑权限').waitFor();
    expect(await page.getByTestId('poster-stage').count()).toBe(0);
    await page.getByRole('button', { name: '导出 PNG' }).waitFor();
    await context.close();
  });
});
