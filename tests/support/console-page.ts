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

/**
 * Hovers what opens a menu on hover (antd's Dropdown), reaching it as a hand does: from elsewhere on
 * the page. React makes mouseenter from a mouseout and a mouseover; when the element under the mouse
 * has been taken out of the page (skeleton rows replaced by data, the login form by the console),
 * Chromium sends the next mouseover alone, naming the removed element, and React waits for a
 * mouseout that never comes. A single jump of the mouse onto the trigger would then never open it.
 */
export async function hoverFromAfar(page: Page, target: Locator): Promise<void> {
  await page.mouse.move(1, 1);
  await target.hover();
}

/**
 * Waits until a popup (a select's or a dropdown's) has finished its opening motion. Until then
 * antd may still place it again, and a click pressed on an option can be released beside it.
 */
export async function waitForSettled(popup: Locator): Promise<void> {
  await popup.waitFor();
  await popup.page().waitForFunction((el) => !/-(appear|enter)\b/.test(el.className), await popup.elementHandle(), { timeout: 10_000 });
}

/** Waits for the page title: views set it once their code has loaded, after the URL changed. */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 });
}
