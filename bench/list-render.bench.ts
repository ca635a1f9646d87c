/**
 * In Chromium: a page of 1,000 rows × 20 columns drawn by the engine's list renderer (virtualised
 * rows), against the same rows and cells in a plain antd Table without virtualisation. Figures: the
 * time from mounting the list to its rows painted (median of several mounts), and the longest task
 * while scrolling the table from top to bottom (PerformanceObserver longtask: every task over 50 ms),
 * by mouse wheel and by whole screens.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import type { BenchRow } from './lib/row';
import { median } from './lib/stats';

const PAGE_ROOT = path.join(import.meta.dirname, 'fixtures/list-page');
const DRAWS = 5;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** Serves the built page and the console's public files (the goods images are its logo). */
function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const publicDir = path.resolve(import.meta.dirname, '../public');
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = [path.join(dir, name === '/' ? 'index.html' : name), path.join(publicDir, name)].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

async function drawTimes(page: Page, mode: 'engine' | 'baseline'): Promise<number[]> {
  const times: number[] = [];
  // One mount first, so both sides are measured with their code compiled and warm.
  await page.evaluate((m) => window.bench.draw(m), mode);
  for (let i = 0; i < DRAWS; i++) {
    await page.evaluate(() => window.bench.clear());
    times.push(await page.evaluate((m) => window.bench.draw(m), mode));
  }
  return times;
}

interface ScrollFigures {
  /** The longest task over 50 ms (0 when none was). */
  longest: number;
  count: number;
  longestFrame: number;
}

/**
 * Scrolls the list from top to bottom and collects the long tasks meanwhile. `wheel`: the mouse
 * wheel, two notches (200 px) a frame, as a quick flick does; `jump`: a whole screen a frame, as
 * dragging the scrollbar does.
 */
async function scrollTasks(page: Page, mode: 'engine' | 'baseline', how: 'wheel' | 'jump'): Promise<ScrollFigures> {
  await page.evaluate(() => window.bench.clear());
  // From a clean heap: the garbage of the lists drawn before (the baseline's thousand rows) is not
  // collected in the middle of this scroll.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.detach();
  await page.evaluate((m) => window.bench.draw(m), mode);
  const selector = mode === 'engine' ? '.engine-table-scroll' : '#baseline-scroll';
  const box = (await page.locator(selector).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // A string, not a function: tsx would wrap the frame loop's name in a helper the page lacks.
  await page.evaluate(`(() => {
    const state = { tasks: [], longestFrame: 0, last: performance.now(), running: true };
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => state.tasks.push(entry.duration))).observe({ type: 'longtask' });
    const frame = () => {
      const now = performance.now();
      state.longestFrame = Math.max(state.longestFrame, now - state.last);
      state.last = now;
      if (state.running) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    window.scrollState = state;
  })()`);
  const atBottom = () => page.$eval(selector, (node) => node.scrollTop + node.clientHeight >= node.scrollHeight - 1);
  while (!(await atBottom())) {
    if (how === 'wheel') await page.mouse.wheel(0, 200);
    else await page.$eval(selector, (node) => void (node.scrollTop += node.clientHeight));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  // Tasks still queued by the last scroll are reported after it.
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const state = (window as unknown as { scrollState: { tasks: number[]; longestFrame: number; running: boolean } }).scrollState;
    state.running = false;
    return { longest: Math.max(0, ...state.tasks), count: state.tasks.length, longestFrame: state.longestFrame };
  });
}

export default async function listRender(): Promise<BenchRow[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-page-'));
  const browser = await launchBrowser();
  try {
    await build({ root: PAGE_ROOT, configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir, emptyOutDir: true } });
    const server = await serve(outDir);
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(server.url);
      await page.waitForFunction(() => 'bench' in window);
      const engine = await drawTimes(page, 'engine');
      const baseline = await drawTimes(page, 'baseline');
      const scrolls = {
        wheel: [await scrollTasks(page, 'engine', 'wheel'), await scrollTasks(page, 'baseline', 'wheel')] as const,
        jump: [await scrollTasks(page, 'engine', 'jump'), await scrollTasks(page, 'baseline', 'jump')] as const,
      };
      const runs = (times: number[]) => times.map((ms) => ms.toFixed(0)).join(' / ');
      const baselineName = 'antd Table, same rows and cells, not virtualised';
      const scrollRow = (how: keyof typeof scrolls, name: string, budget?: number): BenchRow => {
        const [engineScroll, baselineScroll] = scrolls[how];
        return {
          name,
          value: engineScroll.longest,
          unit: 'ms',
          baseline: baselineScroll.longest,
          baselineName,
          budget,
          note: `tasks over 50 ms: ${engineScroll.count} (baseline ${baselineScroll.count}); longest frame ${engineScroll.longestFrame.toFixed(0)} ms (baseline ${baselineScroll.longestFrame.toFixed(0)} ms)`,
        };
      };
      return [
        {
          name: 'list 1,000 rows × 20 columns: mount to rows painted',
          value: median(engine),
          unit: 'ms',
          baseline: median(baseline),
          baselineName,
          budget: 150,
          note: `median of ${DRAWS}: ${runs(engine)} ms; baseline ${runs(baseline)} ms`,
        },
        scrollRow('wheel', 'list 1,000 × 20: longest task, wheel scroll to the end', 50),
        scrollRow('jump', 'list 1,000 × 20: longest task, a screen per frame to the end'),
      ];
    } finally {
      await server.close();
    }
  } finally {
    await browser.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
