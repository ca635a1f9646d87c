import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Descriptions, Result, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { QrInfoData } from '../../contract/api/account';
import { settings } from '../../contract/settings';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import { errorText, useAsyncAction } from '../hooks/useAsyncAction';

/** The confirming side of QR login: who is asking, and a button to let them in as me. */
export default function QrConfirmView() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const qrId = params.get('id');
  const [info, setInfo] = useState<QrInfoData | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const { busy, error, setError, run: confirm } = useAsyncAction(
    useCallback(async () => {
      await request('/api/index/qr/confirm', { body: { qr_id: qrId }, silent: true });
      setConfirmed(true);
    }, [qrId]),
  );
  const problem = qrId ? error : t('qr.missing');

  useEffect(() => {
    if (!qrId) return;
    request<QrInfoData>('/api/index/qr/info', { body: { qr_id: qrId }, silent: true })
      .then(setInfo)
      .catch((e: unknown) => setError(errorText(e)));
  }, [qrId, setError]);

  if (confirmed) return <Result status="success" title={t('qr.confirmed')} />;
  // The server reports a pending request past its time as expired.
  const expired = info !== null && info.status !== 'pending';
  return (
    <Card title={t('qr.confirmTitle')} style={{ maxWidth: 560 }}>
      {(problem || expired) && <Alert type="error" showIcon title={problem ?? t('qr.expired')} style={{ marginBottom: 16 }} />}
      {info && (
        <>
          <p>{t('qr.confirmHint')}</p>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('qr.requester')}>
              {/* Browser and system by name; the raw agent only when they cannot be read, and on hover. */}
              <Tooltip title={info.user_agent}>
                <span>{info.device || info.user_agent || '—'}</span>
              </Tooltip>
            </Descriptions.Item>
            <Descriptions.Item label={t('qr.address')}>{info.ip}</Descriptions.Item>
            <Descriptions.Item label={t('qr.requestedAt')}>{dayjs(info.created_at).format(settings.dateFormat)}</Descriptions.Item>
          </Descriptions>
          <Button type="primary" onClick={confirm} loading={busy} disabled={expired}>
            {t('qr.confirm')}
          </Button>
        </>
      )}
    </Card>
  );
}
