import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, Descriptions, Result, Spin, Tag } from 'antd';
import type { QuoteType, SharedQuote } from '../../contract/api/share';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import type { MessageKey } from '../i18n/types';
import { formatDateTime } from '../utils/relative-time';
import { PublicFrame } from '../public/PublicFrame';
import { BaoJiaForm } from '../public/BaoJiaForm';

export const QUOTE_TYPES: Record<QuoteType, { label: MessageKey; color: string }> = {
  spot: { label: 'share.spot', color: 'green' },
  transfer: { label: 'share.transfer', color: 'blue' },
};

/** Prices are kept in fen; people read yuan with two decimals. */
export function formatYuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

/** /share?token=…: the quote a team shared with a customer, for anyone who holds the link. */
export default function SharePage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [quote, setQuote] = useState<SharedQuote | null>(null);
  const [failed, setFailed] = useState(!token);

  useEffect(() => {
    if (!token) return;
    request<SharedQuote>('/api/public/share/view', { body: { token }, silent: true })
      .then(setQuote)
      .catch(() => setFailed(true));
  }, [token]);

  return (
    <PublicFrame title="share.pageTitle">
      <section className="portal-section">
        {failed ? (
          <Result status="warning" title={t('share.invalid')} subTitle={t('share.invalidHint')} />
        ) : !quote ? (
          <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />
        ) : (
          <Card title={t('share.heading', { team: quote.team_name })} style={{ maxWidth: 720, margin: '0 auto' }}>
            <Descriptions column={1} bordered data-testid="shared-quote">
              <Descriptions.Item label={t('share.quoteNo')}>{quote.quote_no}</Descriptions.Item>
              <Descriptions.Item label={t('share.goods')}>{quote.goods_name}</Descriptions.Item>
              <Descriptions.Item label={t('share.spec')}>{quote.spec || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('share.quantity')}>{quote.quantity}</Descriptions.Item>
              <Descriptions.Item label={t('share.unitPrice')}>{formatYuan(quote.price_fen)}</Descriptions.Item>
              <Descriptions.Item label={t('share.total')}>{formatYuan(quote.price_fen * quote.quantity)}</Descriptions.Item>
              <Descriptions.Item label={t('share.deliveryDays')}>{t('share.days', { days: quote.delivery_days })}</Descriptions.Item>
              <Descriptions.Item label={t('share.quoteType')}>
                <Tag color={QUOTE_TYPES[quote.quote_type].color}>{t(QUOTE_TYPES[quote.quote_type].label)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('share.team')}>{quote.team_name}</Descriptions.Item>
              <Descriptions.Item label={t('share.quotedAt')}>{formatDateTime(quote.quoted_at)}</Descriptions.Item>
              <Descriptions.Item label={t('share.validUntil')}>{formatDateTime(quote.expires_at)}</Descriptions.Item>
            </Descriptions>
          </Card>
        )}
      </section>
      {quote && token && (
        <section className="portal-section" style={{ maxWidth: 752, margin: '0 auto' }}>
          <BaoJiaForm token={token} />
        </section>
      )}
    </PublicFrame>
  );
}
