import { useState } from 'react';
import { App as AntApp, Button, Card, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyOutlined } from '@ant-design/icons';
import {
  SHARE_DAYS_DEFAULT,
  type CreateShareData,
  type QuoteStatus,
  type ShareableQuote,
  type ShareableQuoteList,
  type ShareLinkList,
  type ShareLinkRow,
} from '../../contract/api/share';
import { request } from '../request/client';
import { useApi } from '../request/use-api';
import { useI18n } from '../i18n/I18nProvider';
import type { MessageKey } from '../i18n/types';
import { formatDateTime } from '../utils/relative-time';
import { formatYuan, QUOTE_TYPES } from './SharePage';

const DAY_CHOICES = [1, 3, 7, 15, 30];

const STATUSES: Record<QuoteStatus, MessageKey> = {
  submitted: 'share.statusSubmitted',
  accepted: 'share.statusAccepted',
  rejected: 'share.statusRejected',
  expired: 'share.statusExpired',
};

const isExpired = (row: ShareLinkRow) => row.expires_at <= Date.now();

/** Personal › Quotation link: share one of the team's quotes with a customer through a link that needs no login. */
export default function QuotationLinkView() {
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const [days, setDays] = useState(SHARE_DAYS_DEFAULT);
  const [creating, setCreating] = useState<number | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const quotes = useApi<ShareableQuoteList>('/api/index/share/quotes');
  const links = useApi<ShareLinkList>('/api/index/share/list');

  async function create(quote: ShareableQuote) {
    setCreating(quote.id);
    try {
      const { token } = await request<CreateShareData>('/api/index/share/create', { body: { quote_id: quote.id, days } });
      setLink(`${window.location.origin}/share?token=${encodeURIComponent(token)}`);
      await links.mutate();
    } catch {
      // The request client has shown the server's message.
    } finally {
      setCreating(null);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(link!);
      void message.success(t('share.copied'));
    } catch {
      // Clipboard access needs a secure context and the user's permission.
      void message.error(t('share.copyFailed'));
    }
  }

  async function revoke(row: ShareLinkRow) {
    try {
      await request('/api/index/share/revoke', { body: { id: row.id } });
      void message.success(t('share.revokeDone'));
      await links.mutate();
    } catch {
      // The request client has shown the server's message.
    }
  }

  const quoteColumns: ColumnsType<ShareableQuote> = [
    { title: t('share.quoteNo'), dataIndex: 'quote_no', width: 170 },
    { title: t('share.goods'), dataIndex: 'goods_name', ellipsis: true },
    { title: t('share.spec'), dataIndex: 'spec', width: 140, ellipsis: true },
    { title: t('share.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
    { title: t('share.unitPrice'), dataIndex: 'price_fen', width: 110, align: 'right', render: (fen: number) => formatYuan(fen) },
    { title: t('share.deliveryDays'), dataIndex: 'delivery_days', width: 80, render: (value: number) => t('share.days', { days: value }) },
    {
      title: t('share.quoteType'),
      dataIndex: 'quote_type',
      width: 90,
      render: (type: ShareableQuote['quote_type']) => <Tag color={QUOTE_TYPES[type].color}>{t(QUOTE_TYPES[type].label)}</Tag>,
    },
    { title: t('share.status'), dataIndex: 'status', width: 90, render: (status: QuoteStatus) => t(STATUSES[status]) },
    { title: t('share.quotedAt'), dataIndex: 'created_at', width: 170, render: (at: number) => formatDateTime(at) },
    {
      title: t('share.action'),
      key: 'action',
      width: 140,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" loading={creating === row.id} disabled={creating !== null} onClick={() => void create(row)}>
          {t('share.create')}
        </Button>
      ),
    },
  ];

  const linkColumns: ColumnsType<ShareLinkRow> = [
    { title: t('share.quoteNo'), dataIndex: 'quote_no', width: 170 },
    { title: t('share.goods'), dataIndex: 'goods_name', ellipsis: true },
    { title: t('share.createdAt'), dataIndex: 'created_at', width: 170, render: (at: number) => formatDateTime(at) },
    { title: t('share.validUntil'), dataIndex: 'expires_at', width: 170, render: (at: number) => formatDateTime(at) },
    { title: t('share.views'), dataIndex: 'views', width: 90, align: 'right' },
    {
      title: t('share.status'),
      key: 'state',
      width: 90,
      render: (_, row) =>
        row.revoked ? <Tag>{t('share.revoked')}</Tag> : isExpired(row) ? <Tag color="orange">{t('share.expired')}</Tag> : <Tag color="green">{t('share.active')}</Tag>,
    },
    {
      title: t('share.action'),
      key: 'action',
      width: 90,
      render: (_, row) =>
        !row.revoked && !isExpired(row) && (
          <Popconfirm title={t('share.revokeConfirm')} onConfirm={() => revoke(row)}>
            <Button type="link" size="small" danger>
              {t('share.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('share.quotes')}
        extra={
          <Space>
            <span>{t('share.validFor')}</span>
            <Select
              aria-label={t('share.validFor')}
              style={{ width: 100 }}
              value={days}
              onChange={setDays}
              options={DAY_CHOICES.map((value) => ({ value, label: t('share.days', { days: value }) }))}
            />
            <Button onClick={() => void quotes.mutate()}>{t('share.refresh')}</Button>
          </Space>
        }
      >
        <Table<ShareableQuote>
          rowKey="id"
          size="small"
          loading={quotes.isValidating}
          dataSource={quotes.data?.rows ?? []}
          columns={quoteColumns}
          scroll={{ x: 1200 }}
          data-testid="share-quotes"
        />
      </Card>
      <Card title={t('share.links')} extra={<Button onClick={() => void links.mutate()}>{t('share.refresh')}</Button>}>
        <Table<ShareLinkRow>
          rowKey="id"
          size="small"
          loading={links.isValidating}
          dataSource={links.data?.rows ?? []}
          columns={linkColumns}
          scroll={{ x: 900 }}
          data-testid="share-links"
        />
      </Card>
      <Modal open={link !== null} title={t('share.created')} footer={null} onCancel={() => setLink(null)}>
        <p>{t('share.linkHint')}</p>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={link ?? ''} data-testid="share-link" onFocus={(event) => event.target.select()} />
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('share.copy')}
          </Button>
        </Space.Compact>
      </Modal>
    </Space>
  );
}
