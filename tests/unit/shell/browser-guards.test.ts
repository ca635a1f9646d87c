import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { installBrowserGuards } from '../../../src/shell/errors/browser-guards';
import { startDevToolsDetector, type DetectorWindow } from '../../../src/shell/errors/devtools-detector';
import { clearErrorLog, errorLogStore } from '../../../src/shell/errors/error-log';
import { settings } from '../../../src/contract/settings';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const IE10 = 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

function fakeWindow(gap: number, pathname = '/goods/list'): DetectorWindow {
  return {
    outerWidth: 1200 + gap,
    innerWidth: 1200,
    outerHeight: 800,
    innerHeight: 700,
    closed: false,
    close: vi.fn(),
    location: { pathname, replace: vi.fn() },
  };
}

describe('browser guards (spec §8)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    clearErrorLog();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  const legacyScript = fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/legacy-browser.js'), 'utf8');

  it('loads the IE warning as a script only browsers without ES modules run', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
    expect(html).toContain('<script nomodule src="/legacy-browser.js"></script>');
  });

  it.each([IE11, IE10])('shows %s the 温馨提示 dialog, which its button closes', (agent) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent);
    window.eval(legacyScript);
    const dialog = document.querySelector('[role=alertdialog]')!;
    expect(dialog.textContent).toContain('温馨提示');
    expect(dialog.textContent).toContain('已停止支持 IE 浏览器');
    dialog.querySelector('button')!.click();
    expect(document.querySelector('[role=alertdialog]')).toBeNull();
  });

  it('leaves other browsers alone', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    window.eval(legacyScript);
    expect(document.querySelector('[role=alertdialog]')).toBeNull();
  });

  it('keeps the dev-tools detector off by default', () => {
    expect(settings.devToolsDetector).toBe(false);
    const interval = vi.spyOn(window, 'setInterval');
    installBrowserGuards();
    expect(interval).not.toHaveBeenCalled();
  });

  it('when on, checks every 500 ms and leaves for /403 once dev tools open', () => {
    vi.useFakeTimers();
    const win = fakeWindow(0);
    const stop = startDevToolsDetector(win);
    vi.advanceTimersByTime(2000);
    expect(win.location.replace).not.toHaveBeenCalled();
    (win as { outerWidth: number }).outerWidth = 1600;
    vi.advanceTimersByTime(500);
    expect(win.close).toHaveBeenCalledTimes(1);
    expect(win.location.replace).toHaveBeenCalledWith('/403');
    vi.advanceTimersByTime(5000);
    expect(win.location.replace).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not leave /403 again', () => {
    vi.useFakeTimers();
    const win = fakeWindow(400, '/403');
    const stop = startDevToolsDetector(win);
    vi.advanceTimersByTime(2000);
    expect(win.location.replace).not.toHaveBeenCalled();
    stop();
  });

  it('logs a failed preload and leaves it to Vite to rethrow', () => {
    vi.stubEnv('MODE', 'production');
    installBrowserGuards();
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Unable to preload CSS for /assets/GoodsList-abc.css'),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(errorLogStore.get()[0]).toMatchObject({ kind: 'error', message: 'Unable to preload CSS for /assets/GoodsList-abc.css' });
  });
});
