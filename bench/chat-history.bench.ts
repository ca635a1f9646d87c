/**
 * In Chromium, the chat dialogue as the console draws it, scrolled up from the newest message to the
 * very first of a 10,000-message conversation (older pages load as the top comes near, 30 at a time).
 * Smooth means the cost of scrolling does not grow with the history held: the longest task and the
 * message rows in the page while 9,000–10,000 messages are held, against the same while the first
 * 1,000 are (the baseline, measured in the same scroll).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/open';
import { prepareDatabase } from '../server/db/prepare';
import { appendMessage } from '../server/chat/messages';
import { conversationKey } from '../server/chat/conversations';
import { launchBrowser } from '../tests/support/browser';
import { logIn } from '../tests/support/console-page';
import { spawnServer } from '../tests/support/spawn-server';
import { zh } from '../src/shell/i18n/zh';
import type { BenchRow } from './lib/row';

const MESSAGES = 10_000;
const EARLY = 1_000;
const LATE = 9_000;
const WHEEL_PX = 600;
const LONG_TASK_MS = 50;

/** The demo's seller and staff, with MESSAGES more messages in their conversation. */
async function prepare(dataDir: string): Promise<void> {
  const database = openDatabase({ databaseUrl: null, dataDir });
  await prepareDatabase(database, { demoSeed: true });
  const users = await database.db.selectFrom('users').select(['id', 'username']).where('username', 'in', ['seller', 'staff']).execute();
  const seller = users.find((u) => u.username === 'seller')!.id;
  const staff = users.find((u) => u.username === 'staff')!.id;
  const conversation = await database.db.selectFrom('chat_conversations').select('id').where('conv_key', '=', conversationKey(1, seller, staff)).executeTakeFirstOrThrow();
  const start = Date.now() - MESSAGES * 60_000;
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < MESSAGES; i++) {
      const [from, to] = i % 3 === 0 ? [staff, seller] : [seller, staff];
      await appendMessage(trx, { id: conversation.id, talkType: 1, participants: [seller, staff] }, {
        sendId: from, receiverId: to, msgType: 1, content: `第 ${i + 1} 条：${i % 7 === 0 ? '这款蓝牙耳机的报价能再低一点吗？我们这次要得比较多，下周还会追加一批。' : '好的，收到。'}`, extra: {}, clientMsgId: `history-${i}`,
      }, start + i * 60_000);
    }
  });
  await database.close();
}

interface Sample {
  held: number;
  rows: number;
}

export default async function chatHistory(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-history-'));
  await prepare(dataDir);
  const server = await spawnServer({ DATA_DIR: dataDir });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // Counts the records the console has fetched, and keeps every long task with that count.
    await page.addInitScript(`(() => {
      const state = { held: 0, tasks: [] };
      window.historyBench = state;
      const original = window.fetch;
      window.fetch = async (...args) => {
        const response = await original(...args);
        if (String(args[0]).includes('/chat/talk/records')) response.clone().json().then((body) => { state.held += body.data.rows.length; });
        return response;
      };
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => state.tasks.push({ held: state.held, duration: entry.duration }))).observe({ type: 'longtask' });
      // The longest gap between two frames, by the history held when it ended.
      state.frames = [];
      let last = performance.now();
      const frame = (now) => {
        if (now - last > 20) state.frames.push({ held: state.held, gap: now - last });
        last = now;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })()`);
    await logIn(page, server.url, 'seller', 'seller123');
    await page.getByTestId('chat-entry').click();
    await page.locator('.chat-session', { hasText: '李报价' }).click();
    const history = page.getByTestId('chat-history');
    await history.locator('.chat-msg').first().waitFor();
    const box = (await history.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

    // Opening the panel is not scrolling: only what happens from here on counts.
    await page.evaluate(() => {
      const state = (window as unknown as { historyBench: { tasks: unknown[]; frames: unknown[] } }).historyBench;
      state.tasks.length = 0;
      state.frames.length = 0;
    });
    const samples: Sample[] = [];
    const started = Date.now();
    const finished = () => history.locator('.chat-history-status', { hasText: zh.chat.noMoreHistory }).count();
    while ((await finished()) === 0) {
      await page.mouse.wheel(0, -WHEEL_PX);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      samples.push(await page.evaluate(() => {
        const state = (window as unknown as { historyBench: { held: number } }).historyBench;
        return { held: state.held, rows: document.querySelectorAll('[data-testid="chat-history"] .chat-msg').length };
      }));
      if (Date.now() - started > 300_000) throw new Error(`the history did not reach its first message in 5 minutes (${samples.at(-1)?.held} held)`);
    }
    const scrollMs = Date.now() - started;
    await page.waitForTimeout(200);
    const { tasks, frames } = await page.evaluate(() => {
      const state = (window as unknown as { historyBench: { tasks: { held: number; duration: number }[]; frames: { held: number; gap: number }[] } }).historyBench;
      return { tasks: state.tasks, frames: state.frames };
    });
    const held = samples.at(-1)!.held;
    if (held < MESSAGES) throw new Error(`only ${held} messages were loaded`);

    const within = (low: number, high: number) => ({
      longest: Math.max(0, ...tasks.filter((t) => t.held >= low && t.held < high).map((t) => t.duration)),
      count: tasks.filter((t) => t.held >= low && t.held < high).length,
      rows: Math.max(0, ...samples.filter((s) => s.held >= low && s.held < high).map((s) => s.rows)),
      frame: Math.max(16.7, ...frames.filter((f) => f.held >= low && f.held < high).map((f) => f.gap)),
    });
    const early = within(0, EARLY);
    const late = within(LATE, Number.POSITIVE_INFINITY);
    const baselineName = `the same scroll while the first ${EARLY.toLocaleString('en')} are held`;
    return [
      {
        name: `chat history ${MESSAGES.toLocaleString('en')} messages: longest task scrolling with ${LATE.toLocaleString('en')}+ held`,
        value: late.longest,
        unit: 'ms',
        baseline: early.longest,
        baselineName,
        budget: LONG_TASK_MS,
        note: `tasks over ${LONG_TASK_MS} ms: ${late.count} (baseline ${early.count}); longest frame ${late.frame.toFixed(0)} ms (baseline ${early.frame.toFixed(0)} ms); wheel ${WHEEL_PX} px a frame from the newest to the first message, pages of 30 loading on the way: ${(scrollMs / 1000).toFixed(1)} s`,
      },
      {
        name: `chat history ${MESSAGES.toLocaleString('en')} messages: message rows in the page with ${LATE.toLocaleString('en')}+ held`,
        value: late.rows,
        unit: 'rows',
        baseline: early.rows,
        baselineName,
        note: `${held.toLocaleString('en')} messages held at the end (the seeded conversation included); rows are virtualised`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
