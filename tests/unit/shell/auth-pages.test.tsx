import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import type { ReactNode } from 'react';
import { renderAt } from '../render-at';
import LoginPage from '../../../src/shell/auth/LoginPage';
import RegisterPage from '../../../src/shell/auth/RegisterPage';
import ForgotPasswordPage from '../../../src/shell/auth/ForgotPasswordPage';

const PAGES: Array<[string, ReactNode]> = [
  ['/login', <LoginPage />],
  ['/register', <RegisterPage />],
  ['/password', <ForgotPasswordPage />],
];

/** Issue 18: the signed-out pages look like one family. */
describe('the signed-out pages', () => {
  it.each(PAGES)('%s carries the logo in its card too, for screens too narrow for the brand column', (path, page) => {
    renderAt([{ path, element: page }], path);
    expect(document.querySelector('.login-card .login-card-brand img[src="/favicon.svg"]')).not.toBeNull();
  });

  it.each(PAGES)('%s gives every text field a placeholder', async (path, page) => {
    renderAt([{ path, element: page }], path);
    await screen.findAllByRole('button');
    const fields = [...document.querySelectorAll<HTMLInputElement>('.login-card input:not([type=checkbox])')];
    expect(fields.length).toBeGreaterThan(1);
    expect(fields.filter((field) => !field.placeholder).map((field) => field.id)).toEqual([]);
  });

  it('asks a new user to 确认密码, not to confirm a "new" password they never had', async () => {
    renderAt([{ path: '/register', element: <RegisterPage /> }], '/register');
    expect(await screen.findByLabelText('确认密码')).toBeTruthy();
    expect(screen.queryByLabelText('确认新密码')).toBeNull();
  });

  it('keeps 确认新密码 where a password is replaced', async () => {
    renderAt([{ path: '/password', element: <ForgotPasswordPage /> }], '/password');
    expect(await screen.findByLabelText('确认新密码')).toBeTruthy();
  });

  it('checks every field of the registration with the spec messages, marks them invalid, and sends nothing', async () => {
    let sent = false;
    mockServer.use(http.post('*/api/public/register', () => ((sent = true), HttpResponse.json({ code: 200, msg: 'ok', data: {} }))));
    renderAt([{ path: '/register', element: <RegisterPage /> }], '/register');
    await userEvent.click(await screen.findByRole('button', { name: /^注\s*册$/ }));
    for (const message of ['用户名不能为空', '请输入正确的手机号', '请输入手机验证码', '密码不能少于6位', '请再输入一次密码']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getByLabelText('用户名').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('用户名').getAttribute('aria-describedby')).toBe('username-message');
    await userEvent.type(screen.getByLabelText('用户名'), 'li xin');
    expect(await screen.findByText('只能包含字母、数字、下划线、点和短横线')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('密码', { exact: true }), 'Shop-2026-ok');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Shop-2026-no');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(sent).toBe(false);
  });

  it('shows a field’s message once it has been edited and left, not while it is first typed', async () => {
    renderAt([{ path: '/password', element: <ForgotPasswordPage /> }], '/password');
    const mobile = await screen.findByLabelText('手机号');
    await userEvent.type(mobile, '1375');
    expect(screen.queryByText('请输入正确的手机号')).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
  });

  it('asks for a valid mobile before sending a code, then fills in the demo code and counts down', async () => {
    const asked: unknown[] = [];
    mockServer.use(
      http.post('*/api/public/send-code', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ code: 200, msg: 'ok', data: { retry_after: 60, demo_code: '246810' } });
      }),
    );
    renderAt([{ path: '/password', element: <ForgotPasswordPage /> }], '/password');
    await userEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(asked).toEqual([]);
    await userEvent.type(screen.getByLabelText('手机号'), '13755556666');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('246810'));
    expect(asked).toEqual([{ mobile: '13755556666', scene: 'reset' }]);
    expect(screen.getByText('演示模式验证码：246810（已自动填入）')).toBeTruthy();
    expect((screen.getByRole('button', { name: /秒后重发/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the password on request, with a named switch', async () => {
    renderAt([{ path: '/login', element: <LoginPage /> }], '/login');
    const password = (await screen.findByLabelText('密码')) as HTMLInputElement;
    expect(password.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password.type).toBe('text');
    expect(screen.getByRole('button', { name: '隐藏密码' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('tells a finished reset and leads back to login', async () => {
    mockServer.use(http.post('*/api/public/reset-password', () => HttpResponse.json({ code: 200, msg: 'ok', data: null })));
    renderAt([{ path: '/password', element: <ForgotPasswordPage /> }], '/password');
    await userEvent.type(await screen.findByLabelText('手机号'), '13755556666');
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    await userEvent.type(screen.getByLabelText('新密码'), 'Shop-2026-ok');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'Shop-2026-ok');
    await userEvent.click(screen.getByRole('button', { name: '重设密码' }));
    expect(await screen.findByText('密码已重设')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/login');
  });
});
