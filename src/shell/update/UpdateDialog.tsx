import { useEffect, useRef, useState } from 'react';
import { Button, message, Modal, notification, Typography } from 'antd';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { settings } from '../../contract/settings';
import { recordError } from '../errors/error-log';
import { useI18n } from '../i18n/I18nProvider';
import { useStore } from '../store';
import { deviceStore } from '../theme/device-store';
import { formatDateTime } from '../utils/relative-time';

/** Starts the waiting version of the console (its service worker skips waiting). */
type Activate = () => Promise<void>;
type RegisterServiceWorker = (options: RegisterSWOptions) => Promise<Activate>;

const registerWithPlugin: RegisterServiceWorker = async (options) => (await import('./pwa-register')).registerSW(options);
const reloadPage = () => window.location.reload();

type Stage = 'idle' | 'updating' | 'done';
const LABELS = { idle: 'update.upgrade', updating: 'update.updating', done: 'update.done' } as const;

interface UpdateDialogProps {
  register?: RegisterServiceWorker;
  reload?: () => void;
}

/**
 * The service worker and the version-update dialog (spec §2, §4). The worker is registered at the
 * app's base path. About 3 s after start the check runs: a waiting new version opens the dialog, a
 * first install announces that the console now opens offline. Upgrading walks the button through
 * 立即升级 → 正在更新 → 更新完成 and reloads about 3 s after the 7 s of progress; a version activated
 * from another tab reloads this one at once. Registration errors go to the error log.
 */
export default function UpdateDialog({ register = registerWithPlugin, reload = reloadPage }: UpdateDialogProps) {
  const { t } = useI18n();
  const [notice, noticeHolder] = notification.useNotification();
  const [toast, toastHolder] = message.useMessage();
  const phone = useStore(deviceStore) === 'mobile';
  const [needRefresh, setNeedRefresh] = useState(false);
  const [offlineReady, setOfflineReady] = useState(false);
  const [checked, setChecked] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [stage, setStage] = useState<Stage>('idle');
  const activation = useRef<Promise<Activate> | null>(null);
  const upgradingHere = useRef(false);
  const announced = useRef(false);

  useEffect(() => {
    // StrictMode runs this twice in development; a page registers its worker once.
    activation.current ??= register({
      onNeedRefresh: () => setNeedRefresh(true),
      onOfflineReady: () => setOfflineReady(true),
      // This tab's own upgrade reloads on the dialog's schedule instead.
      onNeedReload: () => {
        if (!upgradingHere.current) reload();
      },
      onRegisterError: (error: unknown) => recordError(error, 'sw'),
    }).catch((error: unknown) => {
      recordError(error, 'sw');
      return () => Promise.resolve();
    });
    const timer = setTimeout(() => setChecked(true), settings.updateCheckDelay);
    return () => clearTimeout(timer);
  }, [register, reload]);

  useEffect(() => {
    if (!checked || !offlineReady || announced.current) return;
    announced.current = true;
    // Good news, not a task: in a corner away from the header's tools, gone by itself. A phone's
    // bottom is where its live notices pile up (notices/NoticeCenter.tsx), in a container of their
    // own that this one would cover: there it is a short line at the top, narrower than the space
    // between the header's menu button and avatar, for a moment.
    if (phone) void toast.success(t('update.offlineReadyShort'), 3);
    else notice.success({ title: t('update.offlineReady'), placement: 'bottomRight', duration: 6 });
  }, [checked, offlineReady, notice, toast, phone, t]);

  useEffect(() => {
    if (stage === 'idle') return;
    const timer =
      stage === 'updating'
        ? setTimeout(() => setStage('done'), settings.updateProgress)
        : setTimeout(reload, settings.updateReloadDelay);
    return () => clearTimeout(timer);
  }, [stage, reload]);

  function upgrade() {
    upgradingHere.current = true;
    setStage('updating');
    void activation.current?.then((activate) => activate());
  }

  const idle = stage === 'idle';
  return (
    <>
      {noticeHolder}
      {toastHolder}
      <Modal
        open={checked && needRefresh && !dismissed}
        width={410}
        centered
        footer={null}
        closable={idle}
        keyboard={idle}
        mask={{ closable: false }}
        onCancel={() => setDismissed(true)}
      >
        <div style={{ textAlign: 'center' }} data-testid="update-dialog">
          <Typography.Title level={4}>{t('app.siteTitle')}</Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('update.version', { version: import.meta.env.APP_VERSION })}
            <br />
            {t('update.date', { date: formatDateTime(import.meta.env.APP_BUILD_TIME) })}
          </Typography.Paragraph>
          <Typography.Paragraph>{t('update.hint')}</Typography.Paragraph>
          <Button type="primary" loading={stage === 'updating'} disabled={stage === 'done'} onClick={upgrade}>
            {t(LABELS[stage])}
          </Button>
        </div>
      </Modal>
    </>
  );
}
