import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
});
