/**
 * The quote composer of a quoting team: type, unit price, quantity (the ask's by default), delivery
 * days, validity and remark, with a live preview of the total, the gap to the asker's expected
 * price and the margin over the team's cost when a rule of theirs knows it. Revising a submitted
 * quote is the same composer, filled with the quote.
 */
import { useMemo, useState } from 'react';
import { App, Button, Col, Descriptions, Flex, Form, Input, InputNumber, Row, Segmented, Typography } from 'antd';
import type { ResourceRecord } from '../../contract/resource';
import { formatMoney } from '../cells/format';
import { useWidgetHost } from '../interface/host';
import { messageOf } from './errors';
import { fenOf, gapOf, marginOf, totalOf, type PriceGap } from './quote-math';
import { costFromRules, type RuleCost } from './rule-cost';
import { useFormName } from '../interface/form-name';

interface ComposerValues {
  quote_type: 'spot' | 'transfer';
  price_yuan: number | null;
  quantity: number | null;
  delivery_days: number | null;
  validity_hours: number | null;
  remark: string;
  cost_yuan: number | null;
}

export interface QuoteComposerProps {
  ask: ResourceRecord;
  /** The quote being revised; a new quote when absent. */
  quote?: ResourceRecord;
  /** Told once the server took the quote. */
  onDone?(quote: ResourceRecord): void;
  onCancel?(): void;
}

function GapText({ gap, testId }: { gap: PriceGap | null; testId: string }) {
  const { t } = useWidgetHost();
  if (!gap) return <Typography.Text type="secondary">-</Typography.Text>;
  const sign = gap.fen > 0 ? '+' : gap.fen < 0 ? '−' : '';
  const type = gap.fen > 0 ? 'danger' : gap.fen < 0 ? 'success' : undefined;
  return (
    <Typography.Text type={type} data-testid={testId}>
      {sign}
      {formatMoney(Math.abs(gap.fen))} ({sign}
      {Math.abs(gap.pct)}%){t('qPerUnit')}
    </Typography.Text>
  );
}

function MarginText({ margin }: { margin: PriceGap | null }) {
  if (!margin) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Typography.Text type={margin.fen < 0 ? 'danger' : 'success'} data-testid="composer-margin">
      {formatMoney(margin.fen)} ({margin.pct}%)
    </Typography.Text>
  );
}

function useRuleCost(ask: ResourceRecord): RuleCost | null {
  const { useList } = useWidgetHost();
  const rules = useList({ resource: 'quote_rules', pagination: { page: 1, pageSize: 100 }, filters: [{ field: 'enabled', op: 'eq', value: true }], meta: { silent: true } });
  return useMemo(() => costFromRules(rules.data?.rows ?? [], ask), [rules.data, ask]);
}

export function QuoteComposer({ ask, quote, onDone, onCancel }: QuoteComposerProps) {
  const formName = useFormName('quote');
  const { t, data } = useWidgetHost();
  const { message } = App.useApp();
  const [form] = Form.useForm<ComposerValues>();
  const [saving, setSaving] = useState(false);
  const ruleCost = useRuleCost(ask);
  const expected = ask.expected_price_fen === null || ask.expected_price_fen === undefined ? null : Number(ask.expected_price_fen);
  const initial: ComposerValues = {
    quote_type: quote?.quote_type === 'transfer' ? 'transfer' : 'spot',
    price_yuan: quote ? Number(quote.price_fen) / 100 : null,
    quantity: quote ? Number(quote.quantity) : Number(ask.quantity),
    delivery_days: quote ? Number(quote.delivery_days) : 2,
    validity_hours: quote ? Number(quote.validity_hours ?? 24) : 24,
    remark: quote?.remark ? String(quote.remark) : '',
    cost_yuan: null,
  };
  const price = fenOf(Form.useWatch('price_yuan', form));
  const quantity = Form.useWatch('quantity', form) ?? null;
  const typedCost = fenOf(Form.useWatch('cost_yuan', form));
  const cost = typedCost ?? ruleCost?.cost_fen ?? null;

  async function submit(values: ComposerValues) {
    const body = {
      quote_type: values.quote_type,
      price_fen: fenOf(values.price_yuan),
      quantity: values.quantity,
      delivery_days: values.delivery_days,
      validity_hours: values.validity_hours,
      remark: values.remark ?? '',
    };
    setSaving(true);
    try {
      const saved = quote
        ? await data.update({ resource: 'price_quotes', id: quote.id, version: quote.version, values: body, meta: { silent: true } })
        : await data.create({ resource: 'price_quotes', values: { ...body, ask_id: ask.id }, meta: { silent: true } });
      void message.success(quote ? t('qRevisedOk') : t('qQuotedOk'));
      onDone?.(saved);
    } catch (error) {
      void message.error(messageOf(error, t('loadFailed')));
    } finally {
      setSaving(false);
    }
  }

  const required = (label: string) => [{ required: true, message: t('qRequired', { field: label }) }];
  return (
    <Form name={formName} form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} className="quoting-composer" data-testid="quote-composer">
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item name="quote_type" label={t('qQuoteType')}>
            <Segmented options={[{ value: 'spot', label: t('qSpot') }, { value: 'transfer', label: t('qTransfer') }]} />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item name="price_yuan" label={t('qUnitPrice')} rules={required(t('qUnitPrice'))}>
                <InputNumber min={0.01} max={100_000_000} precision={2} prefix="¥" style={{ width: '100%' }} data-testid="composer-price" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="quantity" label={t('qQuantity')} rules={required(t('qQuantity'))}>
                <InputNumber min={1} max={10_000_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item name="delivery_days" label={t('qDelivery')} rules={required(t('qDelivery'))}>
                <InputNumber min={0} max={365} precision={0} suffix={t('qDayUnit')} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item name="validity_hours" label={t('qValidity')} rules={required(t('qValidity'))}>
                <InputNumber min={1} max={720} precision={0} suffix={t('qHourUnit')} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="remark" label={t('qRemark')}>
            <Input.TextArea rows={2} maxLength={255} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <div className="quoting-composer-preview" data-testid="composer-preview">
            <Typography.Text strong>{t('qPreview')}</Typography.Text>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'total', label: t('qTotalShort'), children: <span data-testid="composer-total">{price !== null && quantity ? formatMoney(totalOf(price, quantity)) : '-'}</span> },
                { key: 'expected', label: t('qExpected'), children: expected === null ? t('qNoExpected') : formatMoney(expected) },
                { key: 'gap', label: t('qGap'), children: <GapText gap={price === null ? null : gapOf(price, expected)} testId="composer-gap" /> },
                { key: 'margin', label: t('qMargin'), children: <MarginText margin={price === null ? null : marginOf(price, cost)} /> },
              ]}
            />
            <Form.Item
              name="cost_yuan"
              label={t('qCost')}
              extra={ruleCost && typedCost === null ? t('qCostFromRule', { rule: ruleCost.rule, cost: formatMoney(ruleCost.cost_fen) }) : t('qCostHint')}
            >
              <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} placeholder={ruleCost ? String(ruleCost.cost_fen / 100) : undefined} />
            </Form.Item>
          </div>
        </Col>
      </Row>
      <Flex gap={8} justify="flex-end">
        {onCancel && <Button onClick={onCancel}>{t('qCancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="composer-submit">
          {quote ? t('qRevise') : t('qSubmitQuote')}
        </Button>
      </Flex>
    </Form>
  );
}
