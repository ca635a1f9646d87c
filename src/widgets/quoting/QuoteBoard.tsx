/**
 * The quotes on an ask side by side, cheapest first, the cheapest and the fastest marked. The asking
 * team accepts one (after a confirm; the rest turn 未采纳 in the same step; a 409 says someone was
 * first); a quoting team sees only its own quote, and revises it while submitted.
 */
import { useState } from 'react';
import { App, Button, Col, Empty, Modal, Row } from 'antd';
import { CheckOutlined, EditOutlined } from '@ant-design/icons';
import type { ResourceDefinition, ResourceRecord } from '../../contract/resource';
import { useWidgetHost } from '../interface/host';
import { codeOf, messageOf } from './errors';
import { highlightsOf } from './quote-math';
import { ChatButton, QuoteCard } from './QuoteCard';
import { QuoteComposer } from './QuoteComposer';

export interface QuoteBoardProps {
  ask: ResourceRecord;
  quotes: ResourceRecord[];
  teams: Record<string, string>;
  definition: ResourceDefinition | undefined;
  now: number;
  onChanged(): void;
}

/** 采纳 on a quote the reader may accept now (the server's word: the quote's _actions), after a confirm. */
function AcceptButton({ quote, definition, onChanged }: { quote: ResourceRecord; definition: ResourceDefinition | undefined; onChanged(): void }) {
  const { t, useTransitions } = useWidgetHost();
  const { message, modal } = App.useApp();
  const transitions = useTransitions(definition, quote);
  const accept = transitions.offered.find((o) => o.name === 'accept');
  if (!accept) return null;
  const open = () =>
    void modal.confirm({
      title: `${accept.label} ${String(quote.quote_no)}`,
      content: accept.confirm,
      okText: accept.label,
      cancelText: t('qCancel'),
      onOk: async () => {
        try {
          await transitions.take('accept');
          void message.success(t('qAccepted', { quote: String(quote.quote_no) }));
        } catch (error) {
          // Someone accepted first (409): the page shows who won once it reads the ask again.
          void message.error(codeOf(error) === 409 ? t('qAcceptConflict', { reason: messageOf(error, '') }) : messageOf(error, t('loadFailed')));
        }
        onChanged();
      },
    });
  return (
    <Button type="primary" size="small" icon={<CheckOutlined />} loading={transitions.pending === 'accept'} onClick={open} data-testid="quote-accept">
      {accept.label}
    </Button>
  );
}

export function QuoteBoard({ ask, quotes, teams, definition, now, onChanged }: QuoteBoardProps) {
  const { t, user } = useWidgetHost();
  const [revising, setRevising] = useState<ResourceRecord | null>(null);
  const open = ask.status === 'pending' || ask.status === 'quoted';
  const { cheapest, fastest } = highlightsOf(quotes.map((q) => ({ id: q.id, price_fen: Number(q.price_fen), delivery_days: Number(q.delivery_days), status: String(q.status) })));

  if (quotes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qNoQuotes')} />;
  return (
    <>
      <Row gutter={[12, 12]} className="quoting-board" data-testid="quote-board">
        {quotes.map((quote) => {
          const mine = quote.team_id === user.team_id;
          const actions = [
            <AcceptButton key="accept" quote={quote} definition={definition} onChanged={onChanged} />,
            !mine && <ChatButton key="chat" quote={quote} />,
            mine && open && quote.status === 'submitted' && (
              <Button key="revise" size="small" icon={<EditOutlined />} onClick={() => setRevising(quote)} data-testid="quote-revise">
                {t('qRevise')}
              </Button>
            ),
          ].filter(Boolean);
          return (
            <Col key={quote.id} xs={24} sm={12} xl={8} xxl={6}>
              <QuoteCard
                quote={quote}
                team={teams[String(quote.id)] ?? ''}
                definition={definition}
                cheapest={cheapest.has(quote.id)}
                fastest={fastest.has(quote.id)}
                now={now}
                actions={actions.length ? actions : null}
              />
            </Col>
          );
        })}
      </Row>
      <Modal open={revising !== null} title={t('qReviseTitle', { quote: String(revising?.quote_no ?? '') })} footer={null} width={760} onCancel={() => setRevising(null)} destroyOnHidden>
        {revising && (
          <QuoteComposer
            ask={ask}
            quote={revising}
            onCancel={() => setRevising(null)}
            onDone={() => {
              setRevising(null);
              onChanged();
            }}
          />
        )}
      </Modal>
    </>
  );
}
