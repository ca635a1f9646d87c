/**
 * Beside the rule being edited: which open asks it would quote and at what price, or why it would
 * not, asked of the server (the same matching and pricing a save would use) a moment after typing stops.
 */
import { useEffect, useState } from 'react';
import { Alert, Empty, List, Tag, Typography } from 'antd';
import type { RulePreviewAnswer, RulePreviewBody } from '../../contract/api/quoting';
import { formatMoney } from '../cells/format';
import { useWidgetHost } from '../interface/host';
import { messageOf } from './errors';

const DEBOUNCE_MS = 400;

export function RulePreview({ rule }: { rule: RulePreviewBody }) {
  const { t, data } = useWidgetHost();
  // The answer remembers the rule it is about, so an answer to an older rule is never shown as current.
  const [answer, setAnswer] = useState<{ key: string; got: RulePreviewAnswer } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(rule);

  useEffect(() => {
    const asked: RulePreviewBody = JSON.parse(key) as RulePreviewBody;
    if (!asked.match_value) return;
    let current = true;
    const timer = setTimeout(() => {
      data.quoting.rulePreview(asked).then(
        (got) => current && (setAnswer({ key, got }), setError(null)),
        (failed: unknown) => current && setError(messageOf(failed, t('loadFailed'))),
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, data, t]);

  if (!rule.match_value) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qPreviewNeedsMatch')} />;
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!answer) return <Typography.Text type="secondary">{t('qPreviewing')}</Typography.Text>;
  // While the newest rule is asked about, the last answer stays, faded.
  const stale = answer.key !== key;
  const shown = answer.got;
  const quoted = shown.rows.filter((row) => row.price_fen !== null).length;
  return (
    <div data-testid="rule-preview" style={{ opacity: stale ? 0.6 : 1 }} aria-busy={stale}>
      <Typography.Paragraph type="secondary">{t('qPreviewSummary', { scanned: shown.scanned, matched: shown.rows.length, quoted })}</Typography.Paragraph>
      <List
        size="small"
        dataSource={shown.rows}
        locale={{ emptyText: t('qPreviewNone') }}
        renderItem={(row) => (
          <List.Item key={row.ask_id} data-testid="rule-preview-row">
            <List.Item.Meta
              title={
                <span>
                  {row.goods_name} <Typography.Text type="secondary">{row.spec}</Typography.Text>
                </span>
              }
              description={`${row.ask_no} · ${t('qQty', { quantity: row.quantity })}${row.expected_price_fen !== null ? ` · ${t('qExpected')} ${formatMoney(row.expected_price_fen)}` : ''}`}
            />
            {row.price_fen !== null ? (
              <Tag color="green">{t('qWouldQuote', { price: formatMoney(row.price_fen) })}</Tag>
            ) : (
              <Typography.Text type="warning" className="quoting-preview-reason">{row.reason}</Typography.Text>
            )}
          </List.Item>
        )}
      />
    </div>
  );
}
