import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../render-at';
import type { MenuItem } from '../../../src/contract/api/auth';
import { sessionStore } from '../../../src/shell/auth/session';
import { TabsBar } from '../../../src/shell/tabs/TabsBar';
import { tabsStore } from '../../../src/shell/tabs/tabs-store';
import type { TabRoute } from '../../../src/shell/tabs/tab-rules';
import { signInSeller } from './seller-session';

// antd's menus measure themselves with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** jsdom lays nothing out: here each tab is 100 px wide, the strip 250 px, and scrollLeft is kept. */
const TAB_WIDTH = 100;
const STRIP_WIDTH = 250;
const scrolled = new WeakMap<Element, number>();
const isStrip = (el: Element) => el.classList.contains('tabs-bar-strip');
const tabIndex = (el: HTMLElement) => [...(el.parentElement?.querySelectorAll('[data-tab-path]') ?? [])].indexOf(el);
const layout: Record<string, PropertyDescriptor> = {
  clientWidth: { get(this: HTMLElement) { return isStrip(this) ? STRIP_WIDTH : 0; }, configurable: true },
  scrollWidth: { get(this: HTMLElement) { return isStrip(this) ? this.querySelectorAll('[data-tab-path]').length * TAB_WIDTH : 0; }, configurable: true },
  offsetLeft: { get(this: HTMLElement) { return this.dataset.tabPath ? tabIndex(this) * TAB_WIDTH : 0; }, configurable: true },
  offsetWidth: { get(this: HTMLElement) { return this.dataset.tabPath ? TAB_WIDTH : 0; }, configurable: true },
  scrollLeft: {
    get(this: HTMLElement) { return scrolled.get(this) ?? 0; },
    set(this: HTMLElement, value: number) {
      scrolled.set(this, value);
      this.dispatchEvent(new Event('scroll'));
    },
    configurable: true,
  },
};
const saved = Object.fromEntries(Object.keys(layout).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key) ?? Object.getOwnPropertyDescriptor(Element.prototype, key)]));

const PAGES = ['一号页', '二号页', '三号页', '四号页', '五号页', '六号页'];
const item = (n: number): MenuItem => ({
  path: `/p/${n}`,
  name: `P${n}`,
  icon: '',
  hidden: false,
  vue_path: `p/${n}`,
  title: { zh: PAGES[n], en: `Page ${n}` },
  permission: '',
  children: [],
});
const tab = (n: number): TabRoute => ({ path: `/p/${n}`, name: `P${n}`, meta: { title: { zh: PAGES[n], en: `Page ${n}` }, icon: '' } });

describe('the tabs bar when its tabs do not fit', () => {
  beforeAll(() => Object.defineProperties(HTMLElement.prototype, layout));
  afterAll(() => {
    for (const [key, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    }
  });
  afterEach(() => {
    cleanup();
    tabsStore.set([]);
    sessionStore.set(null);
  });

  function open(count: number, at: number) {
    signInSeller(PAGES.map((_, n) => item(n)));
    tabsStore.set(Array.from({ length: count }, (_, n) => tab(n)));
    return renderAt([{ path: '*', element: <TabsBar draggable={false} /> }], `/p/${at}`);
  }

  const strip = () => document.querySelector<HTMLElement>('.tabs-bar-strip')!;

  it('shows no arrows while every tab fits', () => {
    open(2, 0);
    expect(screen.queryByRole('button', { name: '向左滚动标签' })).toBeNull();
    expect(screen.queryByRole('button', { name: '全部标签' })).toBeNull();
  });

  it('scrolls the active tab into view with a whole tab at the left edge, never a cut one', async () => {
    open(6, 3);
    // The fourth tab ends at 400 px: 150 px would show it, cutting the second tab in half; 200 shows the third whole.
    await waitFor(() => expect(strip().scrollLeft).toBe(200));
  });

  it('steps a tab at a time with the arrows, each disabled at its end', async () => {
    open(6, 0);
    const left = await screen.findByRole('button', { name: '向左滚动标签' });
    const right = screen.getByRole('button', { name: '向右滚动标签' });
    expect(left.hasAttribute('disabled')).toBe(true);
    fireEvent.click(right);
    expect(strip().scrollLeft).toBe(100);
    await waitFor(() => expect(left.hasAttribute('disabled')).toBe(false));
    fireEvent.click(right);
    fireEvent.click(right);
    fireEvent.click(right);
    // The last step stops where the strip ends (600 − 250).
    expect(strip().scrollLeft).toBe(350);
    await waitFor(() => expect(right.hasAttribute('disabled')).toBe(true));
    fireEvent.click(left);
    expect(strip().scrollLeft).toBe(300);
  });

  it('lists every open tab, and opens the one picked', async () => {
    const router = open(6, 0);
    fireEvent.click(await screen.findByRole('button', { name: '全部标签' }));
    const entries = await screen.findAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(PAGES);
    await act(async () => fireEvent.click(entries[4]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/4'));
  });
});
