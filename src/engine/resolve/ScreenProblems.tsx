import { Alert, Result } from 'antd';
import type { ScreenProblem } from '../../contract/screen';
import { useEngineHost } from '../host';

/**
 * The problems of a screen as a list an admin can act on: each JSON path and its reason. A plain
 * table: antd's would add its weight to every screen's first load for a panel rarely shown.
 */
export function ProblemList({ problems }: { problems: ScreenProblem[] }) {
  const { t } = useEngineHost();
  return (
    <table className="engine-problems">
      <thead>
        <tr>
          <th>{t('screenProblemPath')}</th>
          <th>{t('screenProblemMessage')}</th>
        </tr>
      </thead>
      <tbody>
        {problems.map((p) => (
          <tr key={`${p.path} ${p.message}`}>
            <td>
              <code>{p.path}</code>
            </td>
            <td>{p.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
