import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderAt } from '../render-at';
import LoginPage from '../../../src/shell/auth/LoginPage';
import RegisterPage from '../../../src/shell/auth/RegisterPage';
import ForgotPasswordPage from '../../../src/shell/auth/ForgotPasswordPage';
import ErrorPage from '../../../src/shell/errors/ErrorPage';

/** Spec §1: every page is titled "route title - site title", the signed-out and error pages too. */
describe('page titles', () => {
  it.each<[string, ReactNode, string]>([
    ['/login', <LoginPage />, '登录 - 电商卖家控制台'],
    ['/register', <RegisterPage />, '注册账号 - 电商卖家控制台'],
    ['/password', <ForgotPasswordPage />, '找回密码 - 电商卖家控制台'],
    ['/403', <ErrorPage status="403" />, '无权访问 - 电商卖家控制台'],
    ['/404', <ErrorPage status="404" />, '页面不存在 - 电商卖家控制台'],
    ['/500', <ErrorPage status="500" />, '服务器出错 - 电商卖家控制台'],
    ['/503', <ErrorPage status="503" />, '服务不可用 - 电商卖家控制台'],
  ])('titles %s after the page', async (path, element, title) => {
    document.title = '';
    renderAt([{ path, element }], path);
    await waitFor(() => expect(document.title).toBe(title));
  });
});
