/** The team's auto-quote log beside its rules: what was quoted by which rule, or why nothing matched, newest first. */
import { Button, List, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { carriedLabel } from '../../contract/resource';
import { formatTime } from '../cells/format';
import { useWidgetHost } from '../interface/host';

const PAGE_SIZE = 8;

export function AutoQuoteLog() {
  const { t, useList } = useWidgetHost();
  const log = useList({ resource: 'auto_quote_log', pagination: { page: 1, pageSize: PAGE_SIZE }, sorters: [{ field: 'created_at', order: 'desc' }] });
  return (
    <List
      size="small"
      loading={log.isLoading}
      header={
        <Typography.Text type="secondary">
          {t(log.data?.totalCapped ? 'qLogTotalAtLeast' : 'qLogTotal', { total: log.data?.total ?? 0 })}
          <Button type="link" size="small" icon={<ReloadOutlined />} onClick={() => void log.mutate()} aria-label={t('refresh')} />
        </Typography.Text>
      }
      dataSource={log.data?.rows ?? []}
      renderItem={(row) => (
        <List.Item key={row.id} data-testid="auto-log-row">
          <List.Item.Meta
            title={
              <span>
                <Tag color={row.outcome === 'quoted' ? 'green' : 'default'}>{row.outcome === 'quoted' ? t('qLogQuoted') : t('qLogUnmatched')}</Tag>
                {carriedLabel(row, 'ask_id') ?? `#${String(row.ask_id)}`}
              </span>
            }
            description={
              <>
                {row.outcome === 'quoted' ? t('qLogByRule', { rule: carriedLabel(row, 'rule_id') ?? '-', quote: carriedLabel(row, 'quote_id') ?? '-' }) : String(row.detail ?? '')}
                <br />
                <Typography.Text type="secondary">{formatTime(row.created_at, 'MM-DD HH:mm:ss')}</Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
