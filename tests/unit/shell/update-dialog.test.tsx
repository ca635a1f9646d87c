import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import UpdateDialog from '../../../src/shell/update/UpdateDialog';
import { I18nProvider } from '../../../src/shell/i18n/I18nProvider';
import { clearErrorLog, errorLogStore } from '../../../src/shell/errors/error-log';
import { settings } from '../../../src/contract/settings';
import { deviceStore } from '../../../src/shell/theme/device-store';

describe('the update dialog (spec §2, §4)', () => {
  let worker: RegisterSWOptions;
  let activate: ReturnType<typeof vi.fn<() => Promise<void>>>;
  let reload: ReturnType<typeof vi.fn<() => void>>;

  async function start() {
    const register = vi.fn(async (options: RegisterSWOptions) => {
      worker = options;
      return activate;
    });
    render(
      <I18nProvider>
        <UpdateDialog register={register} reload={reload} />
      </I18nProvider>,
    );
    // Let the registration promise settle.
    await act(async () => {});
    expect(register).toHaveBeenCalledTimes(1);
  }
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubEnv('APP_VERSION', '1.4.2');
    vi.stubEnv('APP_BUILD_TIME', '2025-03-04T05:06:07');
    activate = vi.fn(() => Promise.resolve());
    reload = vi.fn();
  });
  afterEach(() => {
    cleanup();
    clearErrorLog();
    deviceStore.set('desktop');
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('opens about 3 s after start for a waiting version, then walks 立即升级 → 正在更新 → 更新完成 and reloads about 10 s after the click', async () => {
    await start();
    act(() => worker.onNeedRefresh!());
    advance(settings.updateCheckDelay - 1);
    expect(screen.queryByText('立即升级')).toBeNull();
    advance(1);

    const dialog = screen.getByTestId('update-dialog');
    expect(dialog.textContent).toContain('电商卖家控制台');
    expect(dialog.textContent).toContain('版本：1.4.2');
    expect(dialog.textContent).toContain('更新时间：2025-03-04 05:06:07');
    expect(document.querySelector<HTMLElement>('.ant-modal')!.style.width).toBe('410px');

    fireEvent.click(screen.getByText('立即升级'));
    expect(screen.getByText('正在更新')).toBeTruthy();
    await act(async () => {});
    expect(activate).toHaveBeenCalledTimes(1);
    // The new worker takes control at once; this tab still keeps to its own schedule.
    act(() => worker.onNeedReload!());
    expect(reload).not.toHaveBeenCalled();

    advance(settings.updateProgress - 1);
    expect(screen.getByText('正在更新')).toBeTruthy();
    advance(1);
    expect(screen.getByText('更新完成')).toBeTruthy();
    advance(settings.updateReloadDelay - 1);
    expect(reload).not.toHaveBeenCalled();
    advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays closed with nothing pending', async () => {
    await start();
    advance(settings.updateCheckDelay * 3);
    expect(screen.queryByTestId('update-dialog')).toBeNull();
  });

  it('reloads at once when another tab activated the new version', async () => {
    await start();
    act(() => worker.onNeedRefresh!());
    act(() => worker.onNeedReload!());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('announces offline readiness after a first install, without the dialog', async () => {
    await start();
    act(() => worker.onOfflineReady!());
    advance(settings.updateCheckDelay);
    const told = screen.getByText('以后网络断开时，也可以打开控制台。');
    // Out of the way: the bottom corner, not over the header's search at the top.
    expect(told.closest('.ant-notification-bottomRight')).not.toBeNull();
    expect(screen.queryByTestId('update-dialog')).toBeNull();
  });

  it('on a phone, announces it as a short line at the top, away from the live notices piled at the bottom', async () => {
    deviceStore.set('mobile');
    await start();
    act(() => worker.onOfflineReady!());
    advance(settings.updateCheckDelay);
    const told = screen.getByText('已可离线打开控制台');
    expect(told.closest('.ant-message')).not.toBeNull();
    expect(document.querySelector('.ant-notification-bottom, .ant-notification-bottomRight')).toBeNull();
    expect(screen.queryByText('以后网络断开时，也可以打开控制台。')).toBeNull();
  });

  it('puts registration errors in the error log', async () => {
    vi.stubEnv('MODE', 'production');
    await start();
    act(() => worker.onRegisterError!(new TypeError('Failed to register a ServiceWorker')));
    expect(errorLogStore.get()[0]).toMatchObject({ kind: 'sw', message: 'Failed to register a ServiceWorker' });
  });
});
