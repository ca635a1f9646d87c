import { Alert, Result, Table } from 'antd';
import type { ScreenProblem } from '../../contract/screen';
import { useEngineHost } from '../host';

/** The problems of a screen as a list an admin can act on: each JSON path and its reason. */
export function ProblemList({ problems }: { problems: ScreenProblem[] }) {
  const { t } = useEngineHost();
  return (
    <Table<ScreenProblem>
      size="small"
      rowKey={(p) => `${p.path} ${p.message}`}
      pagination={false}
      dataSource={problems}
      columns={[
        { title: t('screenProblemPath'), dataIndex: 'path', width: '40%', render: (path: string) => <code>{path}</code> },
        { title: t('screenProblemMessage'), dataIndex: 'message' },
      ]}
    />
  );
}

/**
 * A screen that fails its checks: an admin sees where and why, everyone else a friendly word.
 * Either way the page is never blank and the console around it keeps working.
 */
export function ScreenProblems({ problems }: { problems: ScreenProblem[] }) {
  const { t, isAdmin } = useEngineHost();
  if (!isAdmin) return <Result status="warning" title={t('screenFailed')} subTitle={t('screenFailedHint')} />;
  return (
    <Result status="warning" title={t('screenInvalid')} subTitle={t('screenInvalidHint')}>
      <ProblemList problems={problems} />
    </Result>
  );
}

/** Fields a screen names that its resource lacks: drawn anyway (without them), flagged for admins only. */
export function FieldProblems({ problems }: { problems: ScreenProblem[] }) {
  const { t, isAdmin } = useEngineHost();
  if (!isAdmin || problems.length === 0) return null;
  return <Alert type="warning" showIcon closable title={t('screenFieldProblems')} description={<ProblemList problems={problems} />} style={{ marginBottom: 12 }} />;
}
