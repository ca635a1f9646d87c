import { describe, expect, it } from 'vitest';
import { useE2eConsole } from '../support/e2e-console';
import { hoverFromAfar, logIn } from '../support/console-page';
import { settings } from '../../src/contract/settings';

/** Chinese characters, which an English console shows only inside data (names, teams). */
const HAN = /[\u4e00-\u9fff]/;

describe('the console frame in Chromium', () => {
  const e2e = useE2eConsole();

  it('switches to English and back with no untranslated string', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    await hoverFromAfar(page, page.getByRole('button', { name: '语言' }));
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Search the menu').waitFor();
    // Pages of the frame itself, and the theme drawer with its many settings on the last one.
    for (const path of ['/main/user-center', '/setting/error-log', '/main/password', '/no/such/page']) {
      await page.goto(e2e.server.url + path);
      await page.waitForTimeout(600);
      if (path === '/main/password') {
        await page.getByRole('button', { name: 'Theme settings' }).click();
        await page.getByText('Reset to defaults').waitFor();
      }
      const text = await page.evaluate(() => document.body.innerText);
      // Data stays as entered (the admin's name, team and role; the language names themselves).
      const chrome = ['系统管理员', '运营中心', '超级管理员', '简体中文'].reduce((rest, data) => rest.split(data).join(''), text);
      const leftovers = chrome.split('\n').filter((line) => HAN.test(line));
      expect(leftovers, `${path}: ${leftovers.join(' | ')}`).toEqual([]);
    }
    await page.goto(`${e2e.server.url}/main/user-center`);
    await hoverFromAfar(page, page.getByRole('button', { name: 'Language' }));
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByText('搜索菜单').waitFor();
    await context.close();
  });

  it('draws the frame\'s shape before the console\'s code has loaded, in the saved colour mode, and none of it for a guest', async () => {
    // No service worker: it would fetch the code itself, out of reach of the route below.
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    // The console's code never arrives: what shows is index.html, its stylesheet and its boot script.
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    const frame = page.locator('.boot-frame');
    const fill = (part: string) => page.locator(part).evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto(`${e2e.server.url}/login`);
    expect(await frame.isVisible()).toBe(false);

    const save = (mode: string) =>
      page.evaluate(([token, theme, colorMode]) => {
        localStorage.setItem(token!, 'a-token');
        localStorage.setItem(theme!, JSON.stringify({ colorMode }));
      }, [settings.tokenTableName, settings.storageKeys.theme, mode]);
    for (const [mode, page_, header] of [['dark', 'rgb(0, 0, 0)', 'rgb(20, 20, 20)'], ['light', 'rgb(245, 245, 245)', 'rgb(255, 255, 255)']]) {
      await save(mode!);
      await page.goto(`${e2e.server.url}/goods/list`);
      await frame.waitFor();
      expect([await fill('.boot-frame'), await fill('.boot-header')]).toEqual([page_, header]);
      expect(await page.locator('.boot-sider').isVisible()).toBe(true);
      await page.screenshot({ path: `test-results/boot-frame-${mode}-desk.png` });
    }
    // A phone's frame has no side column, as the console's has none.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator('.boot-sider').isVisible()).toBe(false);
    await page.screenshot({ path: 'test-results/boot-frame-light-phone.png' });
    await context.close();
  });

  it('shows a failing screen its error panel while the menu and tabs keep working', async () => {
    // Service workers would fetch the chunk themselves, out of reach of the route below.
    const context = await e2e.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    // The change-password screen's code cannot be downloaded (a deploy in between, a dropped network).
    await page.route('**/assets/ChangePasswordView-*.js', (route) => route.abort());
    await logIn(page, e2e.server.url, 'staff', 'staff123');
    await page.goto(`${e2e.server.url}/main/password`);
    await page.getByText('页面出错了').waitFor();
    await page.getByText('页面的其他部分不受影响，可重试或切换到其他页面。').waitFor();
    // The frame still works: another page opens from the menu, and the broken one stays a tab.
    await page.goto(`${e2e.server.url}/main/user-center`);
    await page.getByText('基本资料').waitFor();
    const tabs = await page.locator('.tabs-bar').innerText();
    expect(tabs).toContain('修改密码');
    expect(tabs).toContain('个人中心');
    await context.close();
  });
});
