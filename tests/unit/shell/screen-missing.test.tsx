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

  it('tells an admin the view id and that 页面设计器 publishes its screen', async () => {
    signIn({ admin: true });
    mockServer.use(http.post('*/api/screens/resolve', () => ok(null)));
    openScreen('common/info/home');
    expect(await screen.findByText('未找到页面')).toBeTruthy();
    expect(screen.getByText(/视图 common\/info\/home 还没有对应的页面.*页面设计器/)).toBeTruthy();
  });
});
