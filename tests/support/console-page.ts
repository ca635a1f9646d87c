import type { Locator, Page } from 'playwright-core';

/**
 * The submit button of the page's form. Found by its type, not its name: antd's loading icon
 * (which names itself "loading") can linger in the accessible name while its exit animation runs.
 */
export function submitButton(page: Page): Locator {
  return page.locator('form button[type=submit]');
}

/** Logs in through the login page as a user would, and waits for the console frame. */
export async function logIn(page: Page, base: string, username: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(`${base}/login`);
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await submitButton(page).click();
  await page.getByTestId('user-menu').waitFor();
}

/** Waits for the page title: views set it once their code has loaded, after the URL changed. */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 });
}
