/**
 * One quote as a card of the side-by-side comparison: team, type, unit price, total, delivery,
 * validity left, state and revisions, marked when it is the cheapest or the fastest; with what the
 * reader may do with it (accept, chat with the quoter, revise one's own).
 */
import type { ReactNode } from 'react';
import { Button, Card, Flex, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { MessageOutlined, RobotOutlined, ThunderboltOutlined, TrophyOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import type { ResourceDefinition, ResourceRecord } from '../../contract/resource';
import { formatMoney } from '../cells/format';
import { useWidgetHost } from '../interface/host';
import { timeLeft, totalOf } from './quote-math';
import { QuoteRevisions } from './QuoteRevisions';
import { optionLabel, stateOf } from './states';

export interface QuoteCardProps {
  quote: ResourceRecord;
  team: string;
  definition: ResourceDefinition | undefined;
  cheapest: boolean;
  fastest: boolean;
  now: number;
  /** Buttons the reader may press on this quote. */
  actions: ReactNode;
}

function useRevisionCount(quote: ResourceRecord): number {
  const { data } = useWidgetHost();
  const timeline = useSWR(['quoting', 'quote-timeline', quote.id, quote.version], () => data.timeline({ resource: 'price_quotes', id: quote.id, meta: { silent: true } }));
  return (timeline.data ?? []).filter((row) => row.action === 'revise').length;
}

function Validity({ quote, now }: { quote: ResourceRecord; now: number }) {
  const { t } = useWidgetHost();
  if (quote.status !== 'submitted' || quote.expires_at === null || quote.expires_at === undefined) return null;
  const left = timeLeft(Number(quote.expires_at), now);
  return left ? (
    <Typography.Text type={left.hours < 2 ? 'warning' : 'secondary'} data-testid="quote-validity">
      {t('qValidLeft', { hours: left.hours, minutes: left.minutes })}
    </Typography.Text>
  ) : (
    <Typography.Text type="danger">{t('qValidOver')}</Typography.Text>
  );
}

export function QuoteCard({ quote, team, definition, cheapest, fastest, now, actions }: QuoteCardProps) {
  const { t, lang } = useWidgetHost();
  const revisions = useRevisionCount(quote);
  const price = Number(quote.price_fen);
  const quantity = Number(quote.quantity);
  const type = optionLabel(definition, 'quote_type', quote.quote_type, lang);
  const state = stateOf(definition, quote.status, lang);
  const out = quote.status === 'rejected' || quote.status === 'withdrawn' || quote.status === 'expired';
  return (
    <Card
      size="small"
      className={`quoting-quote-card${out ? ' is-out' : ''}${quote.status === 'accepted' ? ' is-accepted' : ''}`}
      data-testid="quote-card"
      data-quote-no={String(quote.quote_no)}
      title={
        <Flex vertical gap={2}>
          <Typography.Text strong ellipsis>{team || t('qMyTeam')}</Typography.Text>
          <Typography.Text type="secondary" className="quoting-quote-no">{String(quote.quote_no)}</Typography.Text>
        </Flex>
      }
      extra={
        <Tag color={state.color} data-testid="quote-status">
          {state.label}
        </Tag>
      }
      actions={actions ? [<Flex key="actions" gap={8} justify="center" wrap>{actions}</Flex>] : undefined}
    >
      <Space size={4} wrap className="quoting-quote-tags">
        <Tag color={type.color}>{type.label}</Tag>
        {cheapest && <Tag icon={<TrophyOutlined />} color="gold">{t('qCheapest')}</Tag>}
        {fastest && <Tag icon={<ThunderboltOutlined />} color="cyan">{t('qFastest')}</Tag>}
        {quote.rule_id !== null && quote.rule_id !== undefined && (
          <Tooltip title={t('qByRuleHint')}>
            <Tag icon={<RobotOutlined />}>{t('qByRule')}</Tag>
          </Tooltip>
        )}
      </Space>
      <Flex gap={16} wrap className="quoting-quote-figures">
        <Statistic title={t('qUnitPrice')} value={formatMoney(price)} className="quoting-price" />
        <Statistic title={t('qTotal', { quantity })} value={formatMoney(totalOf(price, quantity))} />
        <Statistic title={t('qDelivery')} value={t('qDays', { days: Number(quote.delivery_days) })} />
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={4}>
        <Validity quote={quote} now={now} />
        <QuoteRevisions quoteId={quote.id} revisions={revisions} />
      </Flex>
      {quote.remark ? <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="quoting-quote-remark">{String(quote.remark)}</Typography.Paragraph> : null}
    </Card>
  );
}

/** "联系报价人": the console's chat with the colleague who wrote the quote; a rule's quote has nobody to chat with. */
export function ChatButton({ quote }: { quote: ResourceRecord }) {
  const { t, openChat } = useWidgetHost();
  if (!openChat) return null;
  const quoter = typeof quote.quoted_by === 'number' ? quote.quoted_by : null;
  const button = (
    <Button size="small" icon={<MessageOutlined />} disabled={quoter === null} onClick={() => quoter !== null && openChat(quoter)}>
      {t('qChat')}
    </Button>
  );
  return quoter === null ? <Tooltip title={t('qChatNobody')}>{button}</Tooltip> : button;
}
