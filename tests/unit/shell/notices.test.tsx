import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../render-at';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { NoticeCenter } from '../../../src/shell/notices/NoticeCenter';
import { ShellNavigateProvider } from '../../../src/shell/router/shell-navigate';
import { sessionStore } from '../../../src/shell/auth/session';
import type { Notice } from '../../../src/contract/api/notice';
import { settings } from '../../../src/contract/settings';
import { deviceStore } from '../../../src/shell/theme/device-store';
import { useStore } from '../../../src/shell/store';

const notice = (id: number, extra: Partial<Notice> = {}): Notice => ({
  id,
  type: 2,
  content: `<b>第 ${id} 条</b>`,
  find_id: `XJ2026000${id}`,
  created_at: Date.now(),
  ...extra,
});

let beeps = 0;
/** Just enough Web Audio to count the beeps. */
class FakeAudioContext {
  currentTime = 0;
  destination = {};
  resume = () => Promise.resolve();
  createOscillator = () => ({
    frequency: { setValueAtTime: () => undefined },
    connect: <T,>(node: T) => node,
    start: () => void beeps++,
    stop: () => undefined,
  });
  createGain = () => ({ gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: <T,>(node: T) => node });
}

/** The server's open notices, the polls it has answered and the closes it has received. */
function serve(rows: Notice[]) {
  const seen = { polls: 0, closed: [] as unknown[] };
  mockServer.use(
    http.post('*/api/index/find-notice', () => {
      seen.polls++;
      return HttpResponse.json({ code: 200, msg: 'ok', data: { rows } });
    }),
    http.post('*/api/index/find-notice-close', async ({ request }) => {
      seen.closed.push(await request.json());
      return HttpResponse.json({ code: 200, msg: 'ok', data: null });
    }),
  );
  return seen;
}

/** The bell as the console draws it: a phone's header is another, so the bell is drawn anew when the size crosses. */
function HeaderBell() {
  return useStore(deviceStore) === 'mobile' ? (
    <div className="phone-header">
      <NoticeCenter />
    </div>
  ) : (
    <span className="desk-header">
      <NoticeCenter />
    </span>
  );
}

function renderCenter() {
  return renderAt(
    [
      {
        element: (
          <ShellNavigateProvider>
            <HeaderBell />
            <Outlet />
          </ShellNavigateProvider>
        ),
        children: [{ path: '*', element: <div /> }],
      },
    ],
    '/common/info/question',
  );
}

const popUps = () => [...document.querySelectorAll<HTMLElement>('.ant-notification-notice')];
/** The pop-ups up, not those leaving: antd's leaving motion never ends in jsdom. */
const staying = () => popUps().filter((el) => !el.closest('[class*="-leave"]'));
/** The number on the bell; antd keeps a leaving count in the DOM while it animates out. */
const bellCount = () =>
  Number(screen.getByTestId('notice-bell').closest('.ant-badge')!.querySelector('.ant-badge-count[data-show="true"]')?.getAttribute('title') ?? 0);
/** A turn of the real event loop, where the mocked server answers; the fake clock stands still. */
const realTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Moves the clock in steps, letting the mocked server answer and React draw between them. A step is
 * shorter than the stagger and the sound's debounce, and long enough that a poll interval is some
 * fifty acts, not five hundred: on a loaded machine those ran past the test's time, and the loop
 * left running overlapped the next test's act() calls (thousands of act() warnings in CI).
 */
async function advance(ms: number, step = 100) {
  for (let passed = 0; passed < ms; passed += step) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(step, ms - passed));
      await realTurn();
    });
  }
}

/** Lets the mocked server answer and React draw until `count` pop-ups are up, without moving the clock. */
async function untilPopUps(count: number) {
  for (let i = 0; i < 50 && popUps().length < count; i++) {
    await act(async () => {
      await realTurn();
      await vi.advanceTimersByTimeAsync(0);
    });
  }
  expect(popUps()).toHaveLength(count);
}

beforeAll(() => vi.stubGlobal('AudioContext', FakeAudioContext));
afterAll(() => vi.unstubAllGlobals());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  beeps = 0;
  sessionStore.set({
    user_info: { id: 2, name: '王小美', logo: '/avatar.svg' },
    role: ['seller'],
    role_type: ['seller'],
    permission: [],
    team: { id: 2, name: '华南采购一部', type: 1 },
    menu: [],
  });
});

afterEach(() => {
  // Unmount first: the bell polls only while someone is signed in.
  cleanup();
  sessionStore.set(null);
  vi.useRealTimers();
});

// The first draw loads antd's notification under jsdom, which takes a while on a loaded machine.
describe('notices (spec §3, §9)', { timeout: 30_000 }, () => {
  it('pops a notice up once per browser session however often it is polled, and keeps it on the bell', async () => {
    const seen = serve([notice(1)]);
    renderCenter();
    await untilPopUps(1);
    expect(popUps()[0].querySelector('.ant-notification-notice-title')!.textContent).toBe('报价');
    expect(popUps()[0].querySelector('.notice-html')!.innerHTML).toBe('<b>第 1 条</b>');
    await advance(settings.noticeInterval * 2);
    expect(seen.polls).toBe(3);
    expect(popUps()).toHaveLength(1);
    expect(beeps).toBe(1);
    expect(bellCount()).toBe(1);

    // A reload: the notice is still open, so it stays on the bell, but it does not pop up again.
    // A reload starts with no session in memory (index-init gives it back) and no pop-ups up.
    cleanup();
    const session = sessionStore.get();
    sessionStore.set(null);
    sessionStore.set(session);
    renderCenter();
    await advance(settings.noticeInterval);
    expect(seen.polls).toBe(5);
    expect(popUps()).toHaveLength(0);
    expect(bellCount()).toBe(1);
  });

  it('pops notices up at the bottom on a phone, as compact cards off the header, and folds them back into the bell a while later', async () => {
    deviceStore.set('mobile');
    try {
      const seen = serve([notice(1)]);
      renderCenter();
      await untilPopUps(1);
      expect(popUps()[0].closest('.ant-notification-bottom')).not.toBeNull();
      expect(popUps()[0].classList.contains('notice-popup--compact')).toBe(true);
      await advance(settings.noticePhoneShown - 500);
      expect(staying()).toHaveLength(1);
      await advance(1000);
      // Folded, not closed: the server is not told, and the notice waits on the bell.
      expect(staying()).toHaveLength(0);
      expect(seen.closed).toEqual([]);
      expect(bellCount()).toBe(1);
    } finally {
      deviceStore.set('desktop');
    }
  });

  it('keeps a desk pop-up up until it is closed', async () => {
    serve([notice(1)]);
    renderCenter();
    await untilPopUps(1);
    await advance(settings.noticePhoneShown * 2);
    expect(staying()).toHaveLength(1);
  });

  it('moves a pop-up still up to the bottom when the window narrows to a phone\'s and the header is drawn anew, without a second beep', async () => {
    try {
      serve([notice(1)]);
      renderCenter();
      await untilPopUps(1);
      expect(popUps()[0].closest('.ant-notification-bottomRight')).not.toBeNull();
      await act(async () => {
        deviceStore.set('mobile');
        await realTurn();
      });
      // The desk's card leaves with antd's motion, which jsdom never ends; the phone's one is at the bottom.
      await vi.waitFor(() => expect(staying().map((el) => Boolean(el.closest('.ant-notification-bottom')))).toEqual([true]));
      expect(staying()[0]!.classList.contains('notice-popup--compact')).toBe(true);
      await advance(settings.noticeSoundDebounce);
      expect(beeps).toBe(1);
    } finally {
      deviceStore.set('desktop');
    }
  });

  it('sanitises the HTML again when it draws it', async () => {
    serve([notice(1, { content: '<b>粗体</b><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:alert(1)">坏链接</a>' })]);
    renderCenter();
    await untilPopUps(1);
    const body = popUps()[0].querySelector('.notice-html')!;
    expect(body.querySelector('b')!.textContent).toBe('粗体');
    expect(body.innerHTML).toBe('<b>粗体</b><a>坏链接</a>');
    expect(document.querySelector('[onerror], script')).toBeNull();
  });

  it('opens the asking record of a clicked notice and closes it', async () => {
    const seen = serve([notice(7, { find_id: 'XJ 7&8' })]);
    const router = renderCenter();
    await untilPopUps(1);
    fireEvent.click(popUps()[0]);
    expect(router.state.location.pathname).toBe('/main/handlefind');
    expect(new URLSearchParams(router.state.location.search).get('name')).toBe('XJ 7&8');
    await vi.waitFor(() => expect(seen.closed).toEqual([{ id: 7 }]));
  });

  it('closes a notice for good with its close button, without leaving the page', async () => {
    const seen = serve([notice(3)]);
    const router = renderCenter();
    await untilPopUps(1);
    fireEvent.click(popUps()[0].querySelector('.ant-notification-notice-close')!);
    await vi.waitFor(() => expect(seen.closed).toEqual([{ id: 3 }]));
    expect(router.state.location.pathname).toBe('/common/info/question');
    expect(bellCount()).toBe(0);
  });

  it('waits for a slow answer before it polls again', async () => {
    let polls = 0;
    let answer!: () => void;
    const slow = new Promise<void>((resolve) => (answer = resolve));
    mockServer.use(
      http.post('*/api/index/find-notice', async () => {
        polls++;
        await slow;
        return HttpResponse.json({ code: 200, msg: 'ok', data: { rows: [] } });
      }),
    );
    renderCenter();
    await advance(settings.noticeInterval * 3);
    expect(polls).toBe(1);
    answer();
    await advance(settings.noticeInterval);
    expect(polls).toBe(2);
  });

  it(`shows two new notices ${settings.noticeStagger} ms apart, oldest first, with one beep`, async () => {
    serve([notice(2, { content: '<b>第二条</b>' }), notice(1, { content: '<b>第一条</b>' })]);
    renderCenter();
    await untilPopUps(1);
    expect(popUps()[0].textContent).toContain('第一条');
    await advance(settings.noticeStagger - 1);
    expect(popUps()).toHaveLength(1);
    await advance(1);
    expect(popUps()).toHaveLength(2);
    await advance(settings.noticeSoundDebounce);
    expect(beeps).toBe(1);
  });
});
