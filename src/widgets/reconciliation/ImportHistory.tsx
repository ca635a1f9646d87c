/**
 * The team's recent imports, newest first: when, which file, of which kind and shop, how it ended. A
 * table on a desk; on a phone each import is a row of its own, its file over the rest, with no
 * sideways scroll.
 */
import useSWR from 'swr';
import { Card, List, Table, Tag, Typography } from 'antd';
import type { ReconImportJob } from '../../contract/api/reconciliation';
import { formatTime } from '../cells/format';
import { useWidgetHost } from '../interface/host';
import { usePhone } from '../interface/phone';
import { STATE_LABEL } from './ImportProgress';
import { KIND_LABEL } from './kinds';

export const HISTORY_KEY = 'recon-imports';

const STATE_COLOR: Record<ReconImportJob['state'], string> = { queued: 'default', reading: 'processing', writing: 'processing', done: 'success', failed: 'error' };

export function ImportHistory() {
  const { t, data } = useWidgetHost();
  const phone = usePhone();
  const history = useSWR(HISTORY_KEY, () => data.reconciliation.importHistory());
  const outcome = (job: ReconImportJob) => {
    if (job.state === 'failed') return <Typography.Text type="danger">{job.msg}</Typography.Text>;
    const report = job.report;
    if (!report) return null;
    if (job.preview) return t('reconImportRows', { rows: report.rows, valid: report.valid, errors: report.error_count });
    return `${t('reconImportCreated')} ${report.created} · ${t('reconImportUpdated')} ${report.updated} · ${t('reconImportUnchanged')} ${report.unchanged}`;
  };
  const kindOf = (job: ReconImportJob) => (
    <>
      {t(KIND_LABEL[job.kind])}
      {job.preview && <Tag className="recon-preview-tag">{t('reconImportPreviewOnly')}</Tag>}
    </>
  );
  const stateOf = (job: ReconImportJob) => <Tag color={STATE_COLOR[job.state]}>{t(STATE_LABEL[job.state])}</Tag>;
  const rows = history.data?.rows ?? [];
  return (
    <Card size="small" title={t('reconImportHistory')}>
      {phone ? (
        <List<ReconImportJob>
          size="small"
          loading={history.isLoading}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
          locale={{ emptyText: t('reconImportHistoryEmpty') }}
          renderItem={(job) => (
            <List.Item className="recon-history-item" extra={stateOf(job)}>
              <List.Item.Meta
                title={<Typography.Text ellipsis={{ tooltip: job.file_name }}>{job.file_name}</Typography.Text>}
                description={
                  <>
                    <div>{[formatTime(job.created_at), job.shop].filter(Boolean).join(' · ')}</div>
                    <div>{kindOf(job)}</div>
                    {outcome(job)}
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Table<ReconImportJob>
          size="small"
          rowKey="id"
          loading={history.isLoading}
          dataSource={rows}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('reconImportHistoryEmpty') }}
          columns={[
            { key: 'time', title: t('reconImportTime'), dataIndex: 'created_at', render: (value: number) => formatTime(value) },
            { key: 'kind', title: t('reconImportKind'), render: (_, job) => kindOf(job) },
            { key: 'shop', title: t('reconImportShop'), dataIndex: 'shop' },
            { key: 'file', title: t('reconImportFile'), dataIndex: 'file_name', render: (value: string) => <Typography.Text ellipsis={{ tooltip: value }} className="recon-file-name">{value}</Typography.Text> },
            { key: 'state', title: t('reconImportState'), render: (_, job) => stateOf(job) },
            { key: 'outcome', title: t('reconImportOutcome'), render: (_, job) => outcome(job) },
          ]}
        />
      )}
    </Card>
  );
}
