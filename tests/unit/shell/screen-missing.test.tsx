import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { http } from 'msw';
import { mockServer } from '../setup';
import { ok, openScreen, signIn } from '../engine/screen-harness';
import { sessionStore } from '../../../src/shell/auth/session';

/** A menu page whose view has no screen yet (issue 18: users never see developer words). */
describe('a menu page with no screen yet', () => {
  afterEach(() => {
    cleanup();
    sessionStore.set(null);
  });

  it('tells a seller plainly that the page is not ready, with no view id or designer hint', async () => {
    signIn();
    mockServer.use(http.post('*/api/screens/resolve', () => ok(null)));
    openScreen('common/info/home');
    expect(await screen.findByText('这个页面还在准备中')).toBeTruthy();
    expect(screen.getByText('页面内容暂未上线，如需使用请联系管理员。')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/common\/info\/home|设计器|视图/);
  });

  it('tells an admin the page is not built yet, which view it is, and opens 页面设计器 when their menu holds it', async () => {
    signIn({ admin: true });
    mockServer.use(http.post('*/api/screens/resolve', () => ok(null)));
    openScreen('common/info/home');
    expect(await screen.findByText('这个页面还没有搭建')).toBeTruthy();
    expect(screen.getByText(/视图 common\/info\/home 还没有页面.*页面设计器/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/未找到页面/);
    expect(screen.queryByRole('button', { name: '打开页面设计器' })).toBeNull();
    cleanup();

    const designer = { path: '/setting/designer', name: 'ScreenDesigner', icon: '', hidden: false, vue_path: 'setting/designer', title: { zh: '页面设计器', en: 'Screen Designer' }, permission: '', children: [] };
    sessionStore.set({ ...sessionStore.get()!, menu: [{ ...designer, path: '/setting', name: 'Setting', vue_path: '', children: [designer] }] });
    openScreen('common/info/home');
    expect(await screen.findByRole('button', { name: '打开页面设计器' })).toBeTruthy();
  });
});
