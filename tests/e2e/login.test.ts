import { describe, expect, it } from 'vitest';
import { useE2eConsole } from '../support/e2e-console';
import { expectTitle, hoverFromAfar, logIn } from '../support/console-page';


describe('signing in to the console in Chromium', () => {
  const e2e = useE2eConsole();

  it('shows the Chinese login page to a visitor', async () => {
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(e2e.server.url);
    await page.waitForURL(/\/login\?redirect=%2F$/);
    await page.getByText('欢迎来到电商卖家控制台').waitFor();
    expect(await page.getByPlaceholder('用户名').isVisible()).toBe(true);
    await expectTitle(page, '登录 - 电商卖家控制台');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['admin', 'admin123', '/common/info/spot', '系统管理员'],
    ['seller', 'seller123', '/common/info/question', '王小美'],
    ['staff', 'staff123', '/common/info/spot', '李报价'],
  ])('lands %s on the home of its team', async (username, password, home, name) => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await logIn(page, e2e.server.url, username, password);
    await page.waitForURL(`**${home}`);
    expect(await page.getByTestId('user-menu').textContent()).toContain(name);
    await context.close();
  });

  it('returns a deep link opened while logged out after login, with its query and title', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/goods/list?page=2`);
    await page.waitForURL(/\/login\?redirect=%2Fgoods%2Flist%3Fpage%3D2/);
    await logIn(page, e2e.server.url, 'seller', 'seller123');
    await page.waitForURL('**/goods/list?page=2');
    await expectTitle(page, '商品列表 - 电商卖家控制台');
    // A signed-in user who opens /login goes home instead.
    await page.goto(`${e2e.server.url}/login`);
    await page.waitForURL('**/common/info/question');
    await context.close();
  });

  it('sends unknown paths to the 404 page', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await logIn(page, e2e.server.url, 'staff', 'staff123');
    await page.goto(`${e2e.server.url}/no/such/page`);
    await page.waitForURL('**/404');
    await page.getByText(/^抱歉/).first().waitFor();
    await context.close();
  });

  it('logs out: the console returns to login and the old token is refused', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    const token = await page.evaluate(() => localStorage.getItem('shop-vite-token'));
    await hoverFromAfar(page, page.getByTestId('user-menu'));
    await page.getByText('退出登录').click();
    await page.waitForURL('**/login');
    const status = await page.evaluate(async (t) => {
      const res = await fetch('/api/index/index-init', { method: 'POST', headers: { authorization: `Bearer ${t}` } });
      return res.status;
    }, token);
    expect(status).toBe(401);
    await context.close();
  });
});
