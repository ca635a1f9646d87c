import { useEffect, useState } from 'react';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import useSWR from 'swr';
import QRCode from 'qrcode';
import type { QrCreateData, QrStatusData } from '../../contract/api/account';
import { useI18n } from '../i18n/I18nProvider';
import { request } from '../request/client';
import { Button } from '../controls/Button';
import { Icon } from '../controls/Icon';
import { Spinner } from '../controls/Spinner';

const POLL_MS = 2000;
const ONCE = { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false, shouldRetryOnError: false };

async function openRequest() {
  const { qr_id } = await request<QrCreateData>('/api/public/qr/create', { silent: true });
  const link = `${window.location.origin}/qr/confirm?id=${encodeURIComponent(qr_id)}`;
  return { qrId: qr_id, link, image: await QRCode.toDataURL(link, { width: 220, margin: 1 }) };
}

const pollStatus = ([, qrId]: [string, string]) =>
  request<QrStatusData>('/api/public/qr/status', { body: { qr_id: qrId }, silent: true });

/**
 * The waiting side of QR login: shows a one-time request as a QR code of its confirmation link and
 * polls until a signed-in user confirms it (then hands the token over) or it expires.
 */
export default function QrLoginPanel({ onToken }: { onToken: (token: string) => void }) {
  const { t } = useI18n();
  // Each refresh opens a new request: the generation is part of the cache key.
  const [generation, setGeneration] = useState(0);
  const qr = useSWR(['qr-login', generation], openRequest, ONCE);
  const status = useSWR(qr.data ? ['qr-login-status', qr.data.qrId] : null, pollStatus, {
    ...ONCE,
    refreshInterval: (latest) => (latest && latest.status !== 'pending' ? 0 : POLL_MS),
  });

  const token = status.data?.status === 'confirmed' ? status.data.token : undefined;
  useEffect(() => {
    if (token) onToken(token);
  }, [token, onToken]);

  const expired = status.data?.status === 'expired';
  if (qr.error || expired) {
    return (
      <div className="login-qr">
        <p className="login-muted">{expired ? t('qr.expired') : (qr.error as Error).message}</p>
        <Button icon={<Icon icon={ReloadOutlined} />} onClick={() => setGeneration(generation + 1)}>
          {t('qr.refresh')}
        </Button>
      </div>
    );
  }
  return (
    <div className="login-qr">
      {qr.data ? (
        <>
          <a href={qr.data.link} target="_blank" rel="noreferrer" data-testid="qr-link">
            <img src={qr.data.image} width={220} height={220} alt={t('qr.switchToQr')} />
          </a>
          <p className="login-muted">{t('qr.scanHint')}</p>
        </>
      ) : (
        <Spinner label={t('app.loading')} />
      )}
    </div>
  );
}
