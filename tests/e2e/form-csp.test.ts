/**
 * The form renderer validates in real Chromium under the console's real Content-Security-Policy
 * (server/http/security.ts: no 'unsafe-eval'). The page is bench/fixtures/form-keystroke, built
 * here with Vite and served by Fastify with the server's own security headers. The same page's
 * @rjsf/validator-ajv8 baseline shows that the CSP does refuse ajv's compiled code, so a page that
 * passes here would not merely be one the policy never looked at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { securityHeaders } from '../../server/http/security';
import { launchBrowser } from '../support/browser';

const FIXTURE = path.join(import.meta.dirname, '../../bench/fixtures/form-keystroke');

/** Code the CSP refuses: `new Function(…)`, `Function(…)` or `eval(…)` (not a method named so). */
const EVAL = /(?<![\w$.])(?:new\s+Function|Function|eval)\s*\(/;

declare global {
  interface Window {
    __violations: string[];
  }
}

/** What the page did that the policy speaks of: violation events, console errors, uncaught errors. */
interface Watch {
  violations(): Promise<string[]>;
  consoleErrors: string[];
  pageErrors: string[];
  scripts: Map<string, string>;
}

async function watch(page: Page): Promise<Watch> {
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const watched: Watch = {
    violations: () => page.evaluate(() => window.__violations),
    consoleErrors: [],
    pageErrors: [],
    scripts: new Map(),
  };
  page.on('console', (message) => {
    if (message.type() === 'error') watched.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watched.pageErrors.push(String(error)));
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) void response.text().then((text) => watched.scripts.set(response.url(), text));
  });
  return watched;
}

describe('the form renderer under the console Content-Security-Policy', () => {
  let outDir: string;
  let site: FastifyInstance;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'form-csp-'));
    // Vite builds for the NODE_ENV it finds, and Vitest's "test" would give React's development
    // build: test the production build the benchmark measures and the console ships.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root: FIXTURE, configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir, emptyOutDir: true } });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    site = Fastify();
    await site.register(securityHeaders);
    await site.register(fastifyStatic, { root: outDir });
    url = await site.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('shows ajv-i18n Chinese messages as the user types, with no CSP violation and no eval in its scripts', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const watched = await watch(page);
    const response = await page.goto(`${url}/?renderer=ours&fields=12&probe=1`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    await page.waitForFunction(() => window.__ready === true);

    // The console's form names its ids itself (useFormName): root-<instance>_<field>.
    const code = page.locator('[id^="root-"][id$="_code"]');
    await code.fill('abc');
    await page.locator('button[type=submit]').click();
    await page.getByText('不应少于 6 个字符').waitFor();
    // After a refused save the form validates on every change: still under the CSP.
    await code.press('End');
    await code.pressSequentially('def');
    await page.getByText('不应少于 6 个字符').waitFor({ state: 'detached' });
    await code.press('Backspace');
    await page.getByText('不应少于 6 个字符').waitFor();

    expect(await watched.violations()).toEqual([]);
    expect(watched.consoleErrors.filter((text) => /Content Security Policy|unsafe-eval/i.test(text))).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
    expect(watched.scripts.size).toBeGreaterThan(0);
    expect([...watched.scripts].filter(([, text]) => EVAL.test(text)).map(([file]) => file)).toEqual([]);

    await context.close();
  });

  it("refuses @rjsf/validator-ajv8's compiled validation on the same page, which is why the form does not use it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const watched = await watch(page);
    await page.goto(`${url}/?renderer=antd&fields=12&probe=1`);
    await page.waitForFunction(() => window.__ready === true);
    // Real clicks and keys, as in the test above: code run from page.evaluate is exempt from the
    // CSP (DevTools is privileged), so the browser's required-field checks are met by typing.
    for (const field of ['code', 'f0', 'f4', 'f8']) await page.locator(`#root_${field}`).fill('123456');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => watched.violations()).toContainEqual(expect.stringContaining('script-src'));
    // rjsf shows what stopped ajv: the browser refused to evaluate its generated code.
    await page.getByText(/EvalError|unsafe-eval/).first().waitFor();
    expect([...watched.scripts.values()].some((text) => EVAL.test(text))).toBe(true);
    await context.close();
  });
});
