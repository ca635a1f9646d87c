import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../render-at';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import KeepAliveOutlet from '../../../src/shell/tabs/KeepAliveOutlet';
import { TabsBar } from '../../../src/shell/tabs/TabsBar';
import { rememberScroll, savedScroll, setTabPersistence, tabsStore } from '../../../src/shell/tabs/tabs-store';
import { sessionStore } from '../../../src/shell/auth/session';
import type { MenuItem } from '../../../src/contract/api/auth';

// antd's menus measure themselves with ResizeObserver, which jsdom lacks; nothing here needs sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** A view whose only state is what the user typed: it survives only if the view stays mounted. */
const fieldView = (label: string) =>
  function FieldView() {
    return <input aria-label={label} />;
  };
const views = { 'test/keep-a': fieldView('A field'), 'test/keep-b': fieldView('B field') };

const item = (path: string, name: string, zh: string, vuePath: string): MenuItem => ({
  path,
  name,
  icon: '',
  hidden: false,
  vue_path: vuePath,
  title: { zh, en: name },
  permission: '',
  children: [],
});

function signIn() {
  sessionStore.set({
    user_info: { id: 1, name: 'x', logo: '/avatar.svg' },
    role: ['seller'],
    role_type: ['seller'],
    permission: [],
    // Team type 1: the home page is /common/info/question, whose tab cannot be closed.
    team: { id: 1, name: 't', type: 1 },
    menu: [
      item('/common/info/question', 'Question', '首页', 'test/home'),
      item('/test/a', 'TestA', '甲页', 'test/keep-a'),
      item('/test/b', 'TestB', '乙页', 'test/keep-b'),
    ],
  });
}

function openConsole() {
  return renderAt(
    [
      {
        path: '/',
        element: (
          <>
            <TabsBar />
            <Outlet />
          </>
        ),
        children: [
          { path: '*', element: <KeepAliveOutlet /> },
          { index: true, element: <KeepAliveOutlet /> },
        ],
      },
    ],
    '/',
    views,
  );
}

const tabTitles = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const tabOf = (title: string) => screen.getAllByRole('tab').find((tab) => tab.textContent === title)!;
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('kept-alive tabs', () => {
  afterEach(() => {
    // Unmount first: the views read the session and are never rendered without one in the console.
    cleanup();
    sessionStore.set(null);
  });

  it('keeps each view alive across tab switches, and drops it when its tab closes', async () => {
    const user = userEvent.setup();
    signIn();
    const router = openConsole();
    await waitFor(() => expect(router.state.location.pathname).toBe('/common/info/question'));

    await act(() => router.navigate('/test/a'));
    await user.type(field('A field'), 'typed in A');
    await act(() => router.navigate('/test/b'));
    await user.type(field('B field'), 'typed in B');
    expect(tabTitles()).toEqual(['首页', '甲页', '乙页']);

    await user.click(tabOf('甲页'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/test/a'));
    expect(field('A field').value).toBe('typed in A');
    expect(field('B field').value).toBe('typed in B');

    await user.click(screen.getByRole('button', { name: '关闭 甲页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/test/b'));
    expect(screen.queryByLabelText('A field')).toBeNull();
    expect(tabTitles()).toEqual(['首页', '乙页']);

    await act(() => router.navigate('/test/a'));
    expect(field('A field').value).toBe('');
    expect(field('B field').value).toBe('typed in B');
  });

  it('closes the other tabs from the context menu but keeps the non-closable one', async () => {
    const user = userEvent.setup();
    signIn();
    const router = openConsole();
    await waitFor(() => expect(router.state.location.pathname).toBe('/common/info/question'));
    await act(() => router.navigate('/test/a'));
    await act(() => router.navigate('/test/b'));
    expect(screen.queryByRole('button', { name: '关闭 首页' })).toBeNull();

    fireEvent.contextMenu(tabOf('甲页'));
    await user.click(await screen.findByRole('menuitem', { name: /关闭其他/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/test/a'));
    expect(tabTitles()).toEqual(['首页', '甲页']);
    expect(screen.queryByLabelText('B field')).toBeNull();
  });

  it('turns off "close left" on the first tab and "close right" on the last', async () => {
    signIn();
    const router = openConsole();
    await waitFor(() => expect(router.state.location.pathname).toBe('/common/info/question'));
    await act(() => router.navigate('/test/a'));

    fireEvent.contextMenu(tabOf('甲页'));
    const disabled = (name: string) =>
      screen.getByRole('menuitem', { name: new RegExp(`${name}$`) }).getAttribute('aria-disabled') === 'true';
    await screen.findByRole('menuitem', { name: /关闭右侧/ });
    expect(disabled('关闭右侧')).toBe(true);
    expect(disabled('关闭左侧')).toBe(true);
    expect(disabled('关闭其他')).toBe(true);
    expect(disabled('关闭全部')).toBe(false);
    expect(disabled('关闭')).toBe(false);
  });
});

describe('tab persistence and scroll memory', () => {
  afterEach(() => {
    setTabPersistence(true);
    tabsStore.set([]);
  });

  const saved = () => localStorage.getItem('shop-vite-tabs');
  const open = (name: string) =>
    tabsStore.set([{ path: `/${name}`, name, meta: { title: { zh: name, en: name }, icon: '' } }]);

  it('saves the tabs only while persistence is on, and clears them when it is turned off', () => {
    open('A');
    expect(JSON.parse(saved()!)).toHaveLength(1);
    setTabPersistence(false);
    expect(saved()).toBeNull();
    expect(localStorage.getItem('persistenceTab')).toBe('false');
    open('B');
    expect(saved()).toBeNull();
    setTabPersistence(true);
    expect(JSON.parse(saved()!)[0].name).toBe('B');
  });

  it('remembers scroll positions per open route name and drops zeros and closed routes', () => {
    open('A');
    rememberScroll('A', 120);
    rememberScroll('Closed', 50);
    expect(savedScroll('A')).toBe(120);
    expect(savedScroll('Closed')).toBe(0);
    expect(JSON.parse(localStorage.getItem('scrollTop')!)).toEqual({ A: 120 });
    rememberScroll('A', 0);
    expect(JSON.parse(localStorage.getItem('scrollTop')!)).toEqual({});
    rememberScroll('A', 80);
    open('B');
    expect(savedScroll('A')).toBe(0);
  });
});
