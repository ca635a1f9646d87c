/**
 * A workflow record's timeline: who did what when, and the state it moved from and to. Its own
 * widget so an ask's page and a quote's revisions can both draw one.
 */
import { Empty, Tag, Timeline, Typography } from 'antd';
import type { TimelineRow } from '../../contract/api/resources';
import type { ResourceDefinition } from '../../contract/resource';
import { formatTime } from '../cells/format';
import { useWidgetHost } from '../interface/host';
import type { WidgetMessageKey } from '../interface/messages';
import { stateOf, transitionLabel } from './states';

/** What the server's own steps (not transitions a user takes) are called. */
const STEP_KEYS: Record<string, WidgetMessageKey> = {
  create: 'qStepCreate',
  quote: 'qStepQuote',
  accept: 'qStepAccept',
  reject: 'qStepReject',
  expire: 'qStepExpire',
  revise: 'qStepRevise',
};

const COLOR_OF: Record<string, string> = { accepted: 'green', closed: 'gray', expired: 'gray', rejected: 'red', quoted: 'blue' };

export function AskTimeline({ rows, definition }: { rows: TimelineRow[]; definition: ResourceDefinition | undefined }) {
  const { t, lang } = useWidgetHost();
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qTimelineEmpty')} />;
  const what = (action: string) => transitionLabel(definition, action, lang) ?? (STEP_KEYS[action] ? t(STEP_KEYS[action]) : action);
  const state = (value: string | null) => {
    if (value === null) return null;
    const look = stateOf(definition, value, lang);
    return <Tag color={look.color} variant="filled">{look.label}</Tag>;
  };
  return (
    <Timeline
      className="quoting-timeline"
      items={rows.map((row) => ({
        key: row.id,
        color: COLOR_OF[row.to_state ?? ''] ?? 'blue',
        content: (
          <div data-testid="timeline-row">
            <Typography.Text strong>{what(row.action)}</Typography.Text>
            <Typography.Text type="secondary"> · {row.user_name || t('qSystem')} · {formatTime(row.created_at, 'YYYY-MM-DD HH:mm')}</Typography.Text>
            {(row.from_state !== null || row.to_state !== null) && row.from_state !== row.to_state && (
              <div className="quoting-timeline-states">
                {state(row.from_state)}
                {row.from_state !== null && <span aria-hidden>→</span>}
                {state(row.to_state)}
              </div>
            )}
            {row.note && <Typography.Text type="secondary" className="quoting-timeline-note">{row.note}</Typography.Text>}
          </div>
        ),
      }))}
    />
  );
}
