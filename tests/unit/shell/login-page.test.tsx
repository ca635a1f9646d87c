import { describe, expect, it } from 'vitest';
import { renderAt } from '../render-at';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import LoginPage from '../../../src/shell/auth/LoginPage';
import { getToken } from '../../../src/shell/request/token';

const SESSION = {
  user_info: { id: 2, name: '王小美', logo: '/avatar.svg' },
  role: ['seller'],
  role_type: ['seller'],
  permission: [],
  team: { id: 2, name: '华南采购一部', type: 1 },
  menu: [],
};

function renderLogin(entry: string) {
  return renderAt(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <div data-testid="landed" /> },
    ],
    entry,
  );
}

describe('the login page', () => {
  it('speaks Chinese and checks the fields with the spec messages', async () => {
    renderLogin('/login');
    expect(await screen.findByText('欢迎来到电商卖家控制台')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^登\s*录$/ }));
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(await screen.findByText('密码不能少于6位')).toBeTruthy();
  });

  it('logs in and returns to the redirect path', async () => {
    mockServer.use(
      http.post('*/api/public/login-do', () => HttpResponse.json({ code: 200, msg: 'ok', data: { token: 't1' } })),
      http.post('*/api/index/index-init', () => HttpResponse.json({ code: 200, msg: 'ok', data: SESSION })),
    );
    const router = renderLogin('/login?redirect=%2Fgoods%2Flist%3Fpage%3D2');
    await userEvent.type(await screen.findByPlaceholderText('用户名'), 'seller');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'seller123');
    await userEvent.click(screen.getByRole('button', { name: /^登\s*录$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/goods/list'));
    expect(router.state.location.search).toBe('?page=2');
    expect(getToken()).toBe('t1');
  });

  it('goes to the team home when there is no redirect, and never to another origin', async () => {
    mockServer.use(
      http.post('*/api/public/login-do', () => HttpResponse.json({ code: 200, msg: 'ok', data: { token: 't1' } })),
      http.post('*/api/index/index-init', () => HttpResponse.json({ code: 200, msg: 'ok', data: SESSION })),
    );
    const router = renderLogin('/login?redirect=%2F%2Fevil.example%2F');
    await userEvent.type(await screen.findByPlaceholderText('用户名'), 'seller');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'seller123');
    await userEvent.click(screen.getByRole('button', { name: /^登\s*录$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/common/info/question'));
  });

  it('shows the server message for wrong credentials', async () => {
    mockServer.use(
      http.post('*/api/public/login-do', () =>
        HttpResponse.json({ code: 400, msg: '用户名或密码错误', data: null }, { status: 400 }),
      ),
    );
    renderLogin('/login');
    await userEvent.type(await screen.findByPlaceholderText('用户名'), 'seller');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: /^登\s*录$/ }));
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('refuses a profile without a valid logo with the spec message, and keeps no token', async () => {
    mockServer.use(
      http.post('*/api/public/login-do', () => HttpResponse.json({ code: 200, msg: 'ok', data: { token: 't1' } })),
      http.post('*/api/index/index-init', () =>
        HttpResponse.json({ code: 200, msg: 'ok', data: { ...SESSION, user_info: { id: 2, name: 'x', logo: '' } } }),
      ),
    );
    renderLogin('/login');
    await userEvent.type(await screen.findByPlaceholderText('用户名'), 'seller');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'seller123');
    await userEvent.click(screen.getByRole('button', { name: /^登\s*录$/ }));
    expect(await screen.findByText('getUserInfo核心接口异常，请检查返回JSON格式是否正确')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('says so when the login answer carries no token', async () => {
    mockServer.use(http.post('*/api/public/login-do', () => HttpResponse.json({ code: 200, msg: 'ok', data: {} })));
    renderLogin('/login');
    await userEvent.type(await screen.findByPlaceholderText('用户名'), 'seller');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'seller123');
    await userEvent.click(screen.getByRole('button', { name: /^登\s*录$/ }));
    expect(await screen.findByText(/登录接口异常/)).toBeTruthy();
  });
});
