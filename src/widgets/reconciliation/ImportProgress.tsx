/**
 * Where an import stands: the upload's bytes, then the server reading the file (its bytes and the
 * rows counted so far), then writing. A failure shows the server's reason.
 */
import { Alert, Flex, Progress, Typography } from 'antd';
import type { ReconImportJob } from '../../contract/api/reconciliation';
import { formatBytes, formatNumber } from '../cells/format';
import { useWidgetHost } from '../interface/host';
import type { ReconMessageKey } from '../interface/recon-messages';
import type { ImportRun } from './use-import-job';

export const STATE_LABEL: Record<ReconImportJob['state'], ReconMessageKey> = {
  queued: 'reconImportStateQueued',
  reading: 'reconImportStateReading',
  writing: 'reconImportStateWriting',
  done: 'reconImportStateDone',
  failed: 'reconImportStateFailed',
};

const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0);

export function ImportProgress({ run }: { run: ImportRun }) {
  const { t } = useWidgetHost();
  if (run.phase === 'idle') return null;
  if (run.phase === 'error') return <Alert type="error" showIcon title={run.msg} />;
  if (run.phase === 'uploading') {
    return (
      <Flex vertical gap={4} role="status" aria-label={t('reconImportStateUploading')}>
        <Typography.Text>
          {t('reconImportStateUploading')} · {t('reconImportBytes', { done: formatBytes(run.loaded), total: formatBytes(run.total) })}
        </Typography.Text>
        <Progress percent={percent(run.loaded, run.total)} status="active" />
      </Flex>
    );
  }
  const { job } = run;
  if (job.state === 'failed') return <Alert type="error" showIcon title={t('reconImportStateFailed')} description={job.msg ?? undefined} />;
  const reading = job.state === 'queued' || job.state === 'reading';
  return (
    <Flex vertical gap={4} role="status" aria-label={t(STATE_LABEL[job.state])}>
      <Typography.Text>
        {t(STATE_LABEL[job.state])} · {t('reconImportRowsDone', { rows: formatNumber(job.rows_done) })}
      </Typography.Text>
      <Progress percent={reading ? percent(job.bytes_done, job.bytes_total) : 100} status={job.state === 'done' ? 'success' : 'active'} />
    </Flex>
  );
}
