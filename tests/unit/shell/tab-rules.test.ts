import { describe, expect, it } from 'vitest';
import { settings } from '../../../src/contract/settings';
import {
  close, closeAll, closeLeft, closeOthers, closeRight, move, visit, type TabMeta, type TabRoute,
} from '../../../src/shell/tabs/tab-rules';

const tab = (path: string, meta: Partial<TabMeta> = {}, name = path.split('?')[0].slice(1)): TabRoute => ({
  path,
  name,
  meta: { title: { zh: `页面${path}`, en: `Page ${path}` }, icon: '', ...meta },
});

const paths = (tabs: TabRoute[]) => tabs.map((t) => t.path);
const pinned = (tabs: TabRoute[]) => tabs.filter((t) => t.meta.noClosable).map((t) => t.path);

/** /home pinned, then closable /a, /b, /c. */
const bar = () => [tab('/home', { noClosable: true }), tab('/a'), tab('/b'), tab('/c')];

describe('visit', () => {
  it('appends a new path and pins the first tab when none is pinned', () => {
    const tabs = visit(visit([], tab('/a')), tab('/b'));
    expect(paths(tabs)).toEqual(['/a', '/b']);
    expect(pinned(tabs)).toEqual(['/a']);
  });

  it('leaves the pins alone when a tab is already non-closable', () => {
    const tabs = visit([tab('/a'), tab('/home', { noClosable: true })], tab('/b'));
    expect(pinned(tabs)).toEqual(['/home']);
  });

  it('updates the tab of a visited path in place instead of adding one', () => {
    const tabs = visit(bar(), { ...tab('/a'), meta: { ...tab('/a').meta, title: { zh: '新标题', en: 'New title' } } });
    expect(paths(tabs)).toEqual(['/home', '/a', '/b', '/c']);
    expect(tabs[1].meta.title.zh).toBe('新标题');
  });

  it('answers the very same list when a visit changes nothing, so nothing watching the tabs redraws', () => {
    const tabs = bar();
    expect(visit(tabs, tab('/b'))).toBe(tabs);
    expect(visit(tabs, tab('/home'))).toBe(tabs);
    expect(visit(tabs, tab('/b', { icon: 'setting' }))).not.toBe(tabs);
  });

  it('gives a plain route one tab whose query follows the latest visit', () => {
    const tabs = visit([tab('/find?name=1')], tab('/find?name=2'));
    expect(paths(tabs)).toEqual(['/find?name=2']);
  });

  it('opens a tab per full path for a dynamicNewTab route, and finds it again on a revisit', () => {
    let tabs = visit([tab('/find?name=1', { dynamicNewTab: true })], tab('/find?name=2', { dynamicNewTab: true }));
    expect(paths(tabs)).toEqual(['/find?name=1', '/find?name=2']);
    tabs = visit(tabs, tab('/find?name=1', { dynamicNewTab: true }));
    expect(paths(tabs)).toEqual(['/find?name=1', '/find?name=2']);
  });

  it('keeps a pinned tab pinned when its route comes back without the flag', () => {
    const tabs = visit([tab('/a'), tab('/home', { noClosable: true })], tab('/home'));
    expect(pinned(tabs)).toEqual(['/home']);
  });

  it('never adds the login route', () => {
    const tabs = bar();
    expect(visit(tabs, tab('/login', {}, 'Login'))).toBe(tabs);
    expect(visit([], tab('/login', {}, 'Login'))).toEqual([]);
  });

  it('holds at most keepAliveMaxNum tabs, dropping the oldest closable one', () => {
    let tabs = [tab('/home', { noClosable: true })];
    for (let i = 1; i <= settings.keepAliveMaxNum; i++) tabs = visit(tabs, tab(`/p${i}`));
    expect(tabs).toHaveLength(settings.keepAliveMaxNum);
    expect(paths(tabs).slice(0, 2)).toEqual(['/home', '/p2']);
    expect(tabs.at(-1)!.path).toBe(`/p${settings.keepAliveMaxNum}`);
  });

  it('keeps the visited tab even when every other tab is non-closable', () => {
    const tabs = visit([tab('/x', { noClosable: true }), tab('/y', { noClosable: true })], tab('/z'), 2);
    expect(paths(tabs)).toEqual(['/x', '/y', '/z']);
  });

  it('does not touch the list it is given', () => {
    const tabs = bar();
    const before = structuredClone(tabs);
    visit(tabs, tab('/d'));
    visit(tabs, tab('/a'));
    expect(tabs).toEqual(before);
  });
});

describe('close', () => {
  it('closes one tab and shows its right-hand neighbour when it was on screen', () => {
    expect(close(bar(), '/a')).toEqual({ tabs: [bar()[0], bar()[2], bar()[3]], next: '/b' });
  });

  it('falls back to the left-hand neighbour when the last tab closes', () => {
    const { tabs, next } = close(bar(), '/c');
    expect(paths(tabs)).toEqual(['/home', '/a', '/b']);
    expect(next).toBe('/b');
  });

  it('stays on the active tab when another one closes', () => {
    expect(close(bar(), '/a', '/c').next).toBe('/c');
  });

  it('never closes a non-closable tab', () => {
    const { tabs, next } = close(bar(), '/home', '/b');
    expect(paths(tabs)).toEqual(paths(bar()));
    expect(next).toBe('/b');
  });

  it('changes nothing for a path that has no tab', () => {
    const { tabs, next } = close(bar(), '/nowhere', '/a');
    expect(paths(tabs)).toEqual(paths(bar()));
    expect(next).toBe('/a');
  });
});

describe('closeOthers', () => {
  it('keeps the tab acted on and every non-closable one', () => {
    const { tabs, next } = closeOthers(bar(), '/b');
    expect(paths(tabs)).toEqual(['/home', '/b']);
    expect(next).toBe('/b');
  });

  it('shows the tab acted on when the active tab was closed', () => {
    expect(closeOthers(bar(), '/b', '/c').next).toBe('/b');
  });

  it('stays on a non-closable active tab', () => {
    expect(closeOthers(bar(), '/b', '/home').next).toBe('/home');
  });
});

describe('closeLeft and closeRight', () => {
  it('closes the closable tabs to the left only', () => {
    const { tabs, next } = closeLeft(bar(), '/b', '/a');
    expect(paths(tabs)).toEqual(['/home', '/b', '/c']);
    expect(next).toBe('/b');
  });

  it('closes the closable tabs to the right only', () => {
    const { tabs, next } = closeRight(bar(), '/a', '/a');
    expect(paths(tabs)).toEqual(['/home', '/a']);
    expect(next).toBe('/a');
  });

  it('keeps the active tab on screen when it survives', () => {
    expect(closeLeft(bar(), '/b', '/c').next).toBe('/c');
    expect(closeRight(bar(), '/a', '/home').next).toBe('/home');
  });

  it('keeps a non-closable tab on the closed side', () => {
    const tabs = [tab('/a'), tab('/pin', { noClosable: true }), tab('/b'), tab('/c')];
    expect(paths(closeLeft(tabs, '/c').tabs)).toEqual(['/pin', '/c']);
    expect(paths(closeRight(tabs, '/a').tabs)).toEqual(['/a', '/pin']);
  });

  it('changes nothing at the ends of the bar, or for a path that has no tab', () => {
    expect(closeLeft(bar(), '/home').tabs).toHaveLength(4);
    expect(closeRight(bar(), '/c').tabs).toHaveLength(4);
    expect(closeLeft(bar(), '/nowhere', '/a').tabs).toHaveLength(4);
    expect(closeRight(bar(), '/nowhere', '/a').tabs).toHaveLength(4);
  });
});

describe('closeAll', () => {
  it('keeps only the non-closable tabs and shows the last of them', () => {
    const tabs = [tab('/home', { noClosable: true }), tab('/a'), tab('/pin', { noClosable: true }), tab('/b')];
    const change = closeAll(tabs, '/b');
    expect(paths(change.tabs)).toEqual(['/home', '/pin']);
    expect(change.next).toBe('/pin');
  });

  it('stays on a non-closable active tab', () => {
    expect(closeAll(bar(), '/home').next).toBe('/home');
  });

  it('goes home (null) when no tab is left', () => {
    expect(closeAll([tab('/a'), tab('/b')], '/a')).toEqual({ tabs: [], next: null });
  });
});

describe('move', () => {
  it('moves a tab forwards and backwards', () => {
    expect(paths(move(bar(), 1, 3))).toEqual(['/home', '/b', '/c', '/a']);
    expect(paths(move(bar(), 3, 0))).toEqual(['/c', '/home', '/a', '/b']);
  });

  it('returns the same list for a move to the same place or outside the bar', () => {
    const tabs = bar();
    expect(move(tabs, 2, 2)).toBe(tabs);
    expect(move(tabs, -1, 2)).toBe(tabs);
    expect(move(tabs, 1, 4)).toBe(tabs);
  });
});
