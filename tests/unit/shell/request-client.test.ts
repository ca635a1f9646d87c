import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { request, RequestError } from '../../../src/shell/request/client';
import { shellEvents } from '../../../src/shell/events';
import { getToken, setToken } from '../../../src/shell/request/token';
import { settings } from '../../../src/contract/settings';

const envelope = (code: number | string, data: unknown = null, msg = '') => HttpResponse.json({ code, msg, data });

describe('the request client (spec §7, §8)', () => {
  const events: Array<[string, unknown]> = [];
  const record = (name: string) => (arg?: unknown) => events.push([name, arg]);
  beforeEach(() => {
    events.length = 0;
    shellEvents.on('session:reset', record('reset'));
    shellEvents.on('session:locked', record('locked'));
    shellEvents.on('session:forbidden', record('forbidden'));
    shellEvents.on('notify:error', record('error'));
  });
  afterEach(() => shellEvents.removeAllListeners());

  it('sends the Bearer token from storage and JSON, and resolves with data', async () => {
    setToken('abc');
    let seen: { auth: string | null; type: string | null; body: unknown } | null = null;
    mockServer.use(
      http.post('*/api/echo', async ({ request: req }) => {
        seen = { auth: req.headers.get('authorization'), type: req.headers.get('content-type'), body: await req.json() };
        return envelope(200, { ok: 1 });
      }),
    );
    await expect(request('/api/echo', { body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    expect(seen).toEqual({ auth: 'Bearer abc', type: 'application/json;charset=UTF-8', body: { a: 1 } });
    expect(localStorage.getItem(settings.tokenTableName)).toBe('abc');
  });

  it.each([0, '200', '0'])('accepts the success code %j', async (code) => {
    mockServer.use(http.post('*/api/x', () => envelope(code, 'fine')));
    await expect(request('/api/x')).resolves.toBe('fine');
  });

  it('reads the code from the HTTP status when the body has none', async () => {
    mockServer.use(http.post('*/api/x', () => new HttpResponse('gateway down', { status: 502 })));
    await expect(request('/api/x')).rejects.toMatchObject({ code: 502, message: '网关错误' });
    expect(events).toEqual([['error', '网关错误']]);
  });

  it('shows the body message for other codes, or the default of the status', async () => {
    mockServer.use(http.post('*/api/a', () => envelope(400, null, '名称已存在')));
    await expect(request('/api/a')).rejects.toThrow('名称已存在');
    mockServer.use(http.post('*/api/b', () => HttpResponse.json({ code: 404, msg: '', data: null }, { status: 404 })));
    await expect(request('/api/b')).rejects.toThrow('请求的资源不存在');
  });

  it('locks the console on 205', async () => {
    mockServer.use(http.post('*/api/x', () => envelope(205)));
    await expect(request('/api/x')).rejects.toBeInstanceOf(RequestError);
    expect(events).toEqual([['locked', '后端code指令强制开启锁屏']]);
  });

  it('resets the session on 401', async () => {
    setToken('old');
    mockServer.use(http.post('*/api/x', () => HttpResponse.json({ code: 401, msg: '登录已失效', data: null }, { status: 401 })));
    await expect(request('/api/x')).rejects.toMatchObject({ code: 401 });
    expect(getToken()).toBeNull();
    expect(events).toEqual([['reset', '登录已失效']]);
  });

  it('goes to /403 on 403', async () => {
    mockServer.use(http.post('*/api/x', () => envelope(403)));
    await expect(request('/api/x')).rejects.toMatchObject({ code: 403 });
    expect(events).toEqual([['forbidden', undefined]]);
  });

  it('refreshes once for a burst of 20 requests that all meet 402, then retries each', async () => {
    setToken('expired');
    let refreshes = 0;
    mockServer.use(
      http.get('*/refreshToken', async () => {
        refreshes++;
        await new Promise((r) => setTimeout(r, 30));
        return envelope(200, { token: 'fresh' });
      }),
      http.post('*/api/item/:n', ({ request: req, params }) =>
        req.headers.get('authorization') === 'Bearer fresh' ? envelope(200, Number(params.n)) : envelope(402),
      ),
    );
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => request<number>(`/api/item/${n}`)));
    expect(results).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(refreshes).toBe(1);
    expect(getToken()).toBe('fresh');
    expect(events).toEqual([]);
  });

  it('uses the token another tab refreshed meanwhile instead of rotating the cookie again', async () => {
    setToken('expired');
    let refreshes = 0;
    mockServer.use(
      http.get('*/refreshToken', () => {
        refreshes++;
        return envelope(200, { token: 'mine' });
      }),
      http.post('*/api/x', ({ request: req }) => {
        if (req.headers.get('authorization') === 'Bearer from-other-tab') return envelope(200, 'ok');
        // The other tab finished its refresh while this answer was on its way.
        setToken('from-other-tab');
        return envelope(402);
      }),
    );
    await expect(request('/api/x')).resolves.toBe('ok');
    expect(refreshes).toBe(0);
  });

  it('sends everyone to login when the refresh fails, leaving no request hanging', async () => {
    setToken('expired');
    mockServer.use(
      http.get('*/refreshToken', () => HttpResponse.json({ code: 401, msg: '', data: null }, { status: 401 })),
      http.post('*/api/item/:n', () => envelope(402)),
    );
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, n) => request(`/api/item/${n}`)));
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(getToken()).toBeNull();
    expect(events.filter(([name]) => name === 'reset').length).toBe(5);
  });

  it('says the backend is unreachable when there is no answer at all', async () => {
    mockServer.use(http.post('*/api/x', () => HttpResponse.error()));
    await expect(request('/api/x')).rejects.toMatchObject({ code: -1 });
    expect(events[0][1]).toMatch(/^连接后台接口失败/);
  });

  it('gives up after the configured timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockServer.use(http.post('*/api/slow', () => new Promise<never>(() => {})));
    const pending = request('/api/slow', { timeout: 50 });
    vi.advanceTimersByTime(60);
    await expect(pending).rejects.toMatchObject({ code: -1 });
    vi.useRealTimers();
  });
});
