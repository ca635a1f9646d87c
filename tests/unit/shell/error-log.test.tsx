import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { clearErrorLog, errorLogStore, installErrorHandlers, keepsErrors, recordError } from '../../../src/shell/errors/error-log';
import { NativeViewsContext } from '../../../src/engine/native-views';
import { MenuView } from '../../../src/shell/router/MenuView';
import { I18nProvider } from '../../../src/shell/i18n/I18nProvider';
import { RequestError } from '../../../src/shell/request/client';
import { sessionStore, type Session } from '../../../src/shell/auth/session';
import { setToken } from '../../../src/shell/request/token';
import type { ClientErrorBatch } from '../../../src/contract/api/client-errors';

const entries = () => errorLogStore.get();

let broken = false;
let mounts = 0;
function Flaky() {
  if (broken) throw new Error('the screen broke');
  return <Mounted />;
}
function Mounted() {
  useEffect(() => {
    mounts++;
  }, []);
  return <p>screen works</p>;
}
const views = { 'test/flaky': Flaky };

function admin(): Session {
  return {
    user_info: { id: 1, name: 'admin', logo: '/avatar.svg' },
    role: ['admin'],
    role_type: ['admin'],
    permission: ['*'],
    team: { id: 1, name: 'ops', type: 3 },
    menu: [],
  };
}

describe('the error log (spec §3, §8)', () => {
  beforeAll(() => installErrorHandlers());
  beforeEach(() => vi.stubEnv('MODE', 'production'));
  afterEach(() => {
    cleanup();
    clearErrorLog();
    sessionStore.set(null);
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('keeps errors only in the modes settings.errorLog names', () => {
    expect(keepsErrors('production')).toBe(true);
    expect(keepsErrors('development')).toBe(false);
    vi.stubEnv('MODE', 'development');
    recordError(new Error('in dev'), 'error');
    expect(entries()).toEqual([]);
    vi.stubEnv('MODE', 'production');
    recordError(new Error('in production'), 'error');
    expect(entries().map((e) => e.message)).toEqual(['in production']);
  });

  it('records a global error and an unhandled rejection with the page url', () => {
    window.history.pushState({}, '', '/goods/list?page=2');
    const error = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'boom' }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'no answer' }));
    // A refused API call was already shown to the user: not a page error.
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new RequestError(400, 'bad', 400) }));
    // Nor is the browser's note that resize notifications wait a frame.
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }));
    const [rejection, thrown] = entries();
    expect(entries()).toHaveLength(2);
    expect(thrown).toMatchObject({ kind: 'error', message: 'boom', url: 'http://localhost:3000/goods/list?page=2' });
    expect(thrown.stack).toContain('boom');
    expect(rejection).toMatchObject({ kind: 'rejection', message: 'no answer', url: 'http://localhost:3000/goods/list?page=2' });
  });

  it('keeps one entry for an error that arrives twice', () => {
    const error = new Error('once');
    recordError(error, 'error');
    recordError(error, 'render');
    expect(entries()).toHaveLength(1);
  });

  it('shows a broken screen its own panel while the frame beside it keeps rendering, and retries by remounting', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStore.set(admin());
    broken = true;
    render(
      <I18nProvider>
        <nav>the menu</nav>
        <NativeViewsContext.Provider value={views}>
          <MenuView vuePath="test/flaky" />
        </NativeViewsContext.Provider>
      </I18nProvider>,
    );
    expect(screen.getByText('页面出错了')).toBeTruthy();
    expect(screen.getByText('the screen broke')).toBeTruthy();
    expect(screen.getByText('the menu')).toBeTruthy();
    // Administrators see the stack.
    expect(screen.getByLabelText('错误堆栈').textContent).toContain('the screen broke');
    expect(entries()[0]).toMatchObject({ kind: 'render', message: 'the screen broke' });

    broken = false;
    mounts = 0;
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(screen.getByText('screen works')).toBeTruthy();
    expect(mounts).toBe(1);
    expect(screen.queryByText('页面出错了')).toBeNull();
  });

  it('hides the stack from other users', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    broken = true;
    render(
      <I18nProvider>
        <NativeViewsContext.Provider value={views}>
          <MenuView vuePath="test/flaky" />
        </NativeViewsContext.Provider>
      </I18nProvider>,
    );
    expect(screen.getByText('the screen broke')).toBeTruthy();
    expect(screen.queryByLabelText('错误堆栈')).toBeNull();
  });

  it('reports the entries to the server in one batch', async () => {
    setToken('t0ken');
    const batches: Array<{ auth: string | null; body: ClientErrorBatch }> = [];
    mockServer.use(
      http.post('*/api/index/error-log', async ({ request }) => {
        batches.push({ auth: request.headers.get('authorization'), body: (await request.json()) as ClientErrorBatch });
        return HttpResponse.json({ code: 200, msg: 'success', data: null });
      }),
    );
    window.history.pushState({}, '', '/bill/store');
    recordError(new Error('first'), 'error');
    recordError('second', 'rejection');
    recordError(new Error('third'), 'sw');
    // Earlier tests' entries may share the batch: it is the one that carries these.
    const ours = () => batches.find((batch) => batch.body.entries.some((e) => e.message === 'first'));
    await waitFor(() => expect(ours()).toBeDefined(), { timeout: 3000 });
    const { auth, body } = ours()!;
    expect(auth).toBe('Bearer t0ken');
    expect(body.entries.filter((e) => e.url.endsWith('/bill/store')).map((e) => [e.kind, e.message, e.url])).toEqual([
      ['error', 'first', 'http://localhost:3000/bill/store'],
      ['rejection', 'second', 'http://localhost:3000/bill/store'],
      ['sw', 'third', 'http://localhost:3000/bill/store'],
    ]);
    expect(body.entries.find((e) => e.message === 'first')!.stack).toContain('first');
  });
});
