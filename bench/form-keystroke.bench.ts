/**
 * Keystroke cost of a 300-field form in Chromium: the console's form renderer against a plain
 * @rjsf/antd Form of the same JSON Schema (whose FieldTemplate wraps every field in antd's
 * Form.Item). Both are built for production from bench/fixtures/form-keystroke, apart from the
 * console's bundle, and typed into the same way: one field in the middle of the form, a key at a
 * time, each key timed from keydown to the DOM updated and laid out (ready to paint).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import type { BenchRow } from './lib/row';
import { median } from './lib/stats';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/form-keystroke');
const FIELDS = 300;
/**
 * The field typed into: a text field half-way down the form. Matched by the end of its id: the
 * console's form prefixes its ids per form (two forms on a page must not share an id), the plain
 * form's are `root_…`.
 */
const TARGET = 'input[id$="_f150"]';
const TEXT = 'keystroke benchmark 0123456789';
const WARM_UP_KEYS = 5;
const BUDGET_MS = 16;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir) || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function typeInto(page: Page, url: string): Promise<number[]> {
  await page.goto(url);
  await page.waitForFunction(() => window.__ready === true);
  const input = page.locator(TARGET);
  await input.scrollIntoViewIfNeeded();
  await input.click();
  for (const key of TEXT) {
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    // One frame between keys, as a typist leaves far more: each key starts on a painted page.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  }
  const typed = await input.inputValue();
  if (typed !== TEXT) throw new Error(`the form at ${url} shows "${typed}" after typing "${TEXT}"`);
  const samples = await page.evaluate(() => window.__keystrokes);
  return samples.slice(WARM_UP_KEYS);
}

export default async function formKeystroke(): Promise<BenchRow[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-form-keystroke-'));
  const browser = await launchBrowser();
  try {
    await build({ root: FIXTURE, configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir, emptyOutDir: true } });
    const site = await serve(outDir);
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const ours = await typeInto(page, `${site.url}/?renderer=ours&fields=${FIELDS}`);
      const antd = await typeInto(page, `${site.url}/?renderer=antd&fields=${FIELDS}`);
      const baseline = median(antd);
      const note = (samples: number[]) => `median of ${samples.length} keys, p95 ${percentile(samples, 0.95).toFixed(1)} ms`;
      return [
        {
          name: `${FIELDS}-field form, keystroke → laid out`,
          value: median(ours),
          unit: 'ms',
          baseline,
          baselineName: 'plain @rjsf/antd Form, same schema',
          budget: BUDGET_MS,
          note: `${note(ours)}; baseline ${note(antd)}`,
        },
      ];
    } finally {
      await site.close();
    }
  } finally {
    await browser.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
