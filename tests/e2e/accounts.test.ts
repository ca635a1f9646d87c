import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startE2eServer, stopE2eServer } from '../support/e2e-server';
import type { SpawnedServer } from '../support/spawn-server';
import { hoverFromAfar, logIn, submitButton } from '../support/console-page';



describe('accounts in Chromium', () => {
  let server: SpawnedServer;
  let lockingServer: SpawnedServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, lockingServer, browser] = await Promise.all([
      startE2eServer(),
      // Six idle seconds lock a session here, so the idle lock can be shown without a long wait.
      startE2eServer({ IDLE_LOCK_MINUTES: '0.1' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([stopE2eServer(server), stopE2eServer(lockingServer)]);
  });

  it('refreshes an expired token once for a burst of requests, and every request succeeds', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // sunli's team has no demo notices, whose pop-ups would cover the buttons below.
    await logIn(page, server.url, 'sunli', 'demo123456');
    const refreshes: string[] = [];
    const failures: string[] = [];
    page.on('request', (r) => r.url().endsWith('/refreshToken') && refreshes.push(r.url()));
    page.on('response', async (r) => {
      if (!r.url().includes('/api/')) return;
      const body = (await r.json().catch(() => null)) as { code?: number } | null;
      if (body?.code !== 200 && body?.code !== 402) failures.push(`${r.url()} ${body?.code}`);
    });
    expect(await page.evaluate(async () => {
      const res = await fetch('/expireToken', { headers: { authorization: `Bearer ${localStorage.getItem('shop-vite-token')}` } });
      return res.status;
    })).toBe(200);
    // The user center asks for the profile and the sessions at once: both meet the 402.
    await hoverFromAfar(page, page.getByTestId('user-menu'));
    await page.getByText('个人中心').click();
    await page.getByText('基本资料').waitFor();
    await page.getByText('当前设备').waitFor();
    for (let i = 0; i < 5; i++) await page.getByTestId('sessions-refresh').click();
    await page.waitForTimeout(300);
    expect(refreshes).toHaveLength(1);
    expect(failures).toEqual([]);
    await context.close();
  });

  it('refuses the sixth wrong password with 429 and the wait', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('用户名').fill('zhaolei');
    for (let i = 0; i < 6; i++) {
      await page.getByPlaceholder('密码').fill(`wrong-password-${i}`);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/public/login-do'));
      await submitButton(page).click();
      const status = (await answer).status();
      expect(status).toBe(i < 5 ? 400 : 429);
    }
    await page.getByText('尝试次数过多，请 15 分钟后再试').waitFor();
    await context.close();
  });

  it('registers a new seller with the demo code and lands on the asking home', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: '注册账号' }).click();
    await page.waitForURL('**/register');
    // The link navigates at once; the register form appears when its code has loaded.
    await page.getByText('注册后将为您创建一个询价团队').waitFor();
    await page.getByLabel('用户名').fill('liuxin');
    await page.getByLabel('手机号').fill('13755556666');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/演示模式验证码：\d{6}/).waitFor();
    await page.getByLabel('密码', { exact: true }).fill('Shop-2026-ok');
    await page.getByLabel('确认密码').fill('Shop-2026-ok');
    await submitButton(page).click();
    await page.waitForURL('**/common/info/question');
    expect(await page.getByTestId('user-menu').textContent()).toContain('liuxin');
    await context.close();
  });

  it('logs a waiting page in by QR once a signed-in user confirms', async () => {
    const waiting = await browser.newContext();
    const phone = await browser.newContext();
    const waitingPage = await waiting.newPage();
    await waitingPage.goto(`${server.url}/login`);
    await waitingPage.getByRole('button', { name: '扫码登录' }).click();
    const link = await waitingPage.getByTestId('qr-link').getAttribute('href');
    expect(link).toMatch(/\/qr\/confirm\?id=/);

    const phonePage = await phone.newPage();
    await logIn(phonePage, server.url, 'staff', 'staff123');
    await phonePage.goto(link!);
    await phonePage.getByText('以下设备正在请求使用您的账号登录：').waitFor();
    await phonePage.getByRole('button', { name: '确认登录' }).click();
    await phonePage.getByText('已确认，对方设备将自动登录').waitFor();

    await waitingPage.waitForURL('**/common/info/spot', { timeout: 10_000 });
    expect(await waitingPage.getByTestId('user-menu').textContent()).toContain('李报价');
    await Promise.all([waiting.close(), phone.close()]);
  });

  it('locks an idle session (205), survives a reload, and unlocks only with the real password', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, lockingServer.url, 'admin', 'admin123');
    await page.waitForTimeout(7_000);
    // The first request past the idle time is answered 205. The notices' poll may be that request,
    // on a slow machine before any click could be; opening the console again always is.
    await page.reload();
    await page.getByText('请输入登录密码解锁').waitFor();
    await page.reload();
    await page.getByText('请输入登录密码解锁').waitFor();
    await page.getByPlaceholder('密码').fill('not-the-password');
    await submitButton(page).click();
    await page.getByText('密码错误').waitFor();
    await page.getByPlaceholder('密码').fill('admin123');
    await submitButton(page).click();
    await page.getByTestId('user-menu').waitFor();
    await context.close();
  });
});
