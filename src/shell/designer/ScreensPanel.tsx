import { Button, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import type { ScreenSummary } from '../../contract/api/screens';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import { formatDateTime } from '../utils/relative-time';
import { usePhone } from '../../widgets/interface/phone';

/** The columns a phone shows besides the unnamed ones (title, state, actions). */
const PHONE_COLUMNS = new Set(['id']);

/** Every screen the console can draw: bundled, published and drafts, with their menu items. */
export function ScreensPanel({ onOpen }: { onOpen(id: string): void }) {
  const { t, lang } = useI18n();
  const [search, setSearch] = useState('');
  const { data, isLoading } = useSWR<ScreenSummary[]>('designer-screens', () => request<ScreenSummary[]>('/api/screens/list'));
  const needle = search.trim().toLowerCase();
  // A phone keeps the columns that say which screen it is and where it stands; ids stay on one line.
  const phone = usePhone();
  const rows = (data ?? []).filter((s) => !needle || s.id.toLowerCase().includes(needle) || s.title[lang].toLowerCase().includes(needle));

  return (
    <Table<ScreenSummary>
      size="middle"
      rowKey="id"
      loading={isLoading}
      dataSource={rows}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      title={() => <Input.Search allowClear placeholder={t('designer.searchScreens')} style={{ maxWidth: 320 }} onChange={(e) => setSearch(e.target.value)} />}
      onRow={(s) => ({ onDoubleClick: () => onOpen(s.id) })}
      scroll={phone ? { x: 'max-content' } : undefined}
      columns={(
        [
          { title: t('designer.screenId'), dataIndex: 'id', render: (id: string) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{id}</Typography.Text> },
          { title: t('designer.title'), render: (_, s) => s.title[lang] },
          { title: t('designer.kind'), dataIndex: 'kind', width: 90 },
          { title: t('designer.resource'), dataIndex: 'resource', render: (r: string | null) => r ?? '—' },
          {
            title: t('designer.state'),
            render: (_, s) => (
              <Space size={4} wrap>
                {s.source === 'published' && <Tag color="green">{t('designer.publishedVersion', { version: s.published_version ?? 0 })}</Tag>}
                {s.source === 'bundled' && <Tag>{t('designer.sourceBundled')}</Tag>}
                {s.has_draft && <Tag color="orange">{t('designer.draft')}</Tag>}
              </Space>
            ),
          },
          { title: t('designer.menus'), dataIndex: 'menus', render: (menus: string[]) => (menus.length ? menus.join(', ') : <Typography.Text type="secondary">{t('designer.unbound')}</Typography.Text>) },
          { title: t('designer.updatedAt'), dataIndex: 'updated_at', width: 170, render: (at: number | null) => (at ? formatDateTime(at) : '—') },
          {
            title: t('designer.actions'),
            width: 90,
            render: (_, s) => (
              <Button size="small" type="link" onClick={() => onOpen(s.id)}>
                {t('designer.edit')}
              </Button>
            ),
          },
        ] satisfies TableColumnsType<ScreenSummary>
      ).filter((column) => !phone || !('dataIndex' in column) || PHONE_COLUMNS.has(String(column.dataIndex)))}
    />
  );
}
