import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';

const RESULTS = path.resolve(import.meta.dirname, '../../test-results');

/**
 * What each page of a failed test showed: a screenshot under test-results/ and, on stderr, its
 * address, title and visible text, so a failure in CI (where only the output is kept) can be read.
 */
export async function snapshotPages(browser: Browser | undefined, testName: string): Promise<void> {
  if (!browser) return;
  fs.mkdirSync(RESULTS, { recursive: true });
  const stem = testName.replace(/[^\w\u4e00-\u9fff-]+/g, '-').slice(0, 80);
  const pages = browser.contexts().flatMap((context) => context.pages());
  for (const [i, page] of pages.entries()) {
    try {
      const file = path.join(RESULTS, `${stem}-${i}.png`);
      await page.screenshot({ path: file, timeout: 5_000 });
      const shown = await page.evaluate(() => ({
        title: document.title,
        text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 1_500),
        overlays: [...document.querySelectorAll('.ant-modal-wrap, .ant-drawer-open, .ant-dropdown, .ant-notification-notice, .ant-message-notice')]
          .filter((el) => el.checkVisibility())
          .map((el) => `${el.className.toString().split(' ')[0]}: ${(el as HTMLElement).innerText.replace(/\s+/g, ' ').slice(0, 120)}`),
      }));
      process.stderr.write(
        `\n[failed: ${testName}] page ${i}: ${page.url()}\n  title: ${shown.title}\n  overlays: ${shown.overlays.join(' | ') || 'none'}\n` +
          `  text: ${shown.text}\n  screenshot: ${path.relative(process.cwd(), file)}\n`,
      );
    } catch (error) {
      process.stderr.write(`\n[failed: ${testName}] page ${i}: ${page.url()} could not be read: ${String(error)}\n`);
    }
  }
}
