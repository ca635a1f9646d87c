/**
 * A quote's revisions: how often its price or terms changed while submitted, each change's before
 * and after, read from the quote's history when the reader asks for them.
 */
import { useState } from 'react';
import { Button, Popover, Spin, Typography } from 'antd';
import useSWR from 'swr';
import type { HistoryEntry } from '../../contract/resource';
import { formatMoney, formatTime } from '../cells/format';
import { useWidgetHost } from '../interface/host';

const SHOWN = ['price_fen', 'quantity', 'delivery_days', 'validity_hours'] as const;

function valueOf(field: string, value: unknown): string {
  if (value === undefined || value === null) return '-';
  return field === 'price_fen' ? formatMoney(Number(value)) : String(value);
}

function RevisionList({ quoteId }: { quoteId: number }) {
  const { data, t } = useWidgetHost();
  const history = useSWR(['quoting', 'quote-history', quoteId], () => data.history({ resource: 'price_quotes', id: quoteId, meta: { silent: true } }));
  if (!history.data) return history.error ? <Typography.Text type="danger">{t('loadFailed')}</Typography.Text> : <Spin size="small" />;
  const revisions = history.data.filter((entry: HistoryEntry) => entry.action === 'update' && entry.changes.some((c) => (SHOWN as readonly string[]).includes(c.field)));
  if (revisions.length === 0) return <Typography.Text type="secondary">{t('qNoRevisions')}</Typography.Text>;
  return (
    <ul className="quoting-revisions">
      {revisions.map((entry) => (
        <li key={entry.id}>
          <Typography.Text type="secondary">{formatTime(entry.created_at, 'MM-DD HH:mm')} {entry.user_name}</Typography.Text>
          {entry.changes
            .filter((c) => (SHOWN as readonly string[]).includes(c.field))
            .map((c) => (
              <div key={c.field}>
                {t(`qField_${c.field as (typeof SHOWN)[number]}`)}: {valueOf(c.field, c.before)} → <strong>{valueOf(c.field, c.after)}</strong>
              </div>
            ))}
        </li>
      ))}
    </ul>
  );
}

/** "已修改 N 次" with the changes in a popover; nothing when the quote was never revised. */
export function QuoteRevisions({ quoteId, revisions }: { quoteId: number; revisions: number }) {
  const { t } = useWidgetHost();
  const [open, setOpen] = useState(false);
  if (revisions <= 0) return null;
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" title={t('qRevisionsTitle')} content={open ? <RevisionList quoteId={quoteId} /> : null}>
      <Button type="link" size="small" className="quoting-revisions-link">
        {t('qRevised', { count: revisions })}
      </Button>
    </Popover>
  );
}
