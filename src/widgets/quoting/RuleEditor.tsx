/**
 * A quoting team's automatic-quoting rules (askprice/core/auto, block `quotingRuleEditor`): the
 * rules listed with an on/off switch, the rule being edited (goods match, price, stock, quantity,
 * delivery, validity, type), a preview of what it would quote among open asks as one types, and
 * the auto-quote log beside it.
 */
import { useState } from 'react';
import { App, Badge, Button, Card, Col, Flex, Form, Input, InputNumber, List, Popconfirm, Row, Segmented, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ResourceRecord } from '../../contract/resource';
import { formatMoney } from '../cells/format';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import { AutoQuoteLog } from './AutoQuoteLog';
import { messageOf } from './errors';
import { RulePreview } from './RulePreview';
import { formOfRule, NEW_RULE, previewOf, ruleUnitPrice, valuesOf, type RuleForm } from './rule-values';
import './quoting.css';

const RULES_SHOWN = 100;

function RuleList({ rules, selected, onSelect, onToggle }: { rules: ResourceRecord[]; selected: number | null; onSelect(rule: ResourceRecord): void; onToggle(rule: ResourceRecord, on: boolean): void }) {
  const { t } = useWidgetHost();
  return (
    <List
      size="small"
      dataSource={rules}
      locale={{ emptyText: t('qNoRules') }}
      renderItem={(rule) => {
        const form = formOfRule(rule);
        return (
          <List.Item
            key={rule.id}
            className={`quoting-rule-item${selected === rule.id ? ' is-selected' : ''}`}
            onClick={() => onSelect(rule)}
            data-testid="rule-item"
            extra={<Switch size="small" checked={form.enabled} onClick={(on, event) => (event.stopPropagation(), onToggle(rule, on))} aria-label={t('qEnabled')} />}
          >
            <List.Item.Meta
              title={<Badge status={form.enabled ? 'success' : 'default'} text={String(rule.name)} />}
              description={`${t(`qMatch_${form.match_type}`)}「${form.match_value}」 · ${formatMoney(ruleUnitPrice(previewOf(form)))}`}
            />
          </List.Item>
        );
      }}
    />
  );
}

function RuleFields() {
  const { t } = useWidgetHost();
  const mode = Form.useWatch<RuleForm['price_mode']>('price_mode');
  const money = { min: 0, precision: 2, prefix: '¥', style: { width: '100%' } } as const;
  const count = { min: 0, precision: 0, style: { width: '100%' } } as const;
  return (
    <Row gutter={12}>
      <Col xs={24} sm={16}>
        <Form.Item name="name" label={t('qRuleName')} rules={[{ required: true, whitespace: true, message: t('qRequired', { field: t('qRuleName') }) }]}>
          <Input maxLength={64} data-testid="rule-name" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name="enabled" label={t('qEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="match_type" label={t('qMatchBy')}>
          <Segmented block options={(['keyword', 'sku', 'category'] as const).map((v) => ({ value: v, label: t(`qMatch_${v}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="match_value" label={t('qMatchValue')} rules={[{ required: true, whitespace: true, message: t('qRequired', { field: t('qMatchValue') }) }]}>
          <Input maxLength={64} placeholder={t('qMatchPlaceholder')} data-testid="rule-match" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="price_mode" label={t('qPriceMode')}>
          <Segmented block options={[{ value: 'markup', label: t('qMarkupMode') }, { value: 'fixed', label: t('qFixedMode') }]} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="quote_type" label={t('qQuoteType')}>
          <Segmented block options={[{ value: 'spot', label: t('qSpot') }, { value: 'transfer', label: t('qTransfer') }]} />
        </Form.Item>
      </Col>
      {mode === 'fixed' ? (
        <Col xs={12} sm={8}>
          <Form.Item name="fixed_yuan" label={t('qFixedPrice')}>
            <InputNumber {...money} data-testid="rule-fixed" />
          </Form.Item>
        </Col>
      ) : (
        <>
          <Col xs={12} sm={8}>
            <Form.Item name="cost_yuan" label={t('qCostPrice')}>
              <InputNumber {...money} data-testid="rule-cost" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="markup_pct" label={t('qMarkup')}>
              <InputNumber min={0} max={1000} precision={0} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </>
      )}
      <Col xs={12} sm={8}>
        <Form.Item name="floor_yuan" label={t('qFloor')}>
          <InputNumber {...money} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="stock" label={t('qStock')} tooltip={t('qZeroNoLimit')}>
          <InputNumber {...count} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="max_quantity" label={t('qMaxQty')} tooltip={t('qZeroNoLimit')}>
          <InputNumber {...count} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="delivery_days" label={t('qDelivery')}>
          <InputNumber {...count} max={365} suffix={t('qDayUnit')} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="validity_hours" label={t('qValidity')}>
          <InputNumber min={1} max={720} precision={0} suffix={t('qHourUnit')} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </Row>
  );
}

export default function RuleEditor(_props: BlockProps) {
  const { t, data, useList, useRevalidate } = useWidgetHost();
  const { message } = App.useApp();
  const revalidate = useRevalidate();
  const rules = useList({ resource: 'quote_rules', pagination: { page: 1, pageSize: RULES_SHOWN }, sorters: [{ field: 'updated_at', order: 'desc' }] });
  const [form] = Form.useForm<RuleForm>();
  const [editing, setEditing] = useState<ResourceRecord | null>(null);
  const [saving, setSaving] = useState(false);
  const watched = Form.useWatch([], form) as Partial<RuleForm> | undefined;
  const preview = previewOf(watched ?? NEW_RULE);

  function select(rule: ResourceRecord | null) {
    setEditing(rule);
    form.setFieldsValue(rule ? formOfRule(rule) : NEW_RULE);
  }
  const changed = () => {
    void rules.mutate();
    revalidate('quote_rules');
  };

  async function save(values: RuleForm) {
    setSaving(true);
    try {
      const saved = editing
        ? await data.update({ resource: 'quote_rules', id: editing.id, version: editing.version, values: valuesOf(values), meta: { silent: true } })
        : await data.create({ resource: 'quote_rules', values: valuesOf(values), meta: { silent: true } });
      void message.success(t('qRuleSaved', { name: String(saved.name) }));
      setEditing(saved);
      changed();
    } catch (error) {
      void message.error(messageOf(error, t('loadFailed')));
    } finally {
      setSaving(false);
    }
  }

  async function toggle(rule: ResourceRecord, on: boolean) {
    try {
      const saved = await data.update({ resource: 'quote_rules', id: rule.id, version: rule.version, values: { enabled: on }, meta: { silent: true } });
      if (editing?.id === rule.id) select(saved);
      changed();
    } catch (error) {
      void message.error(messageOf(error, t('loadFailed')));
    }
  }

  async function remove() {
    if (!editing) return;
    try {
      await data.deleteOne({ resource: 'quote_rules', id: editing.id, version: editing.version, meta: { silent: true } });
      select(null);
      changed();
    } catch (error) {
      void message.error(messageOf(error, t('loadFailed')));
    }
  }

  return (
    <Row gutter={[16, 16]} className="quoting-rule-editor" data-testid="rule-editor">
      <Col xs={24} lg={12} xxl={6}>
        <Card
          size="small"
          title={t('qRules', { count: rules.data?.total ?? 0 })}
          extra={
            <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => select(null)} data-testid="rule-new">
              {t('qNewRule')}
            </Button>
          }
          loading={rules.isLoading && !rules.data}
        >
          <RuleList rules={rules.data?.rows ?? []} selected={editing?.id ?? null} onSelect={select} onToggle={(rule, on) => void toggle(rule, on)} />
        </Card>
      </Col>
      <Col xs={24} lg={12} xxl={10}>
        <Card size="small" title={editing ? t('qEditRule', { name: String(editing.name) }) : t('qNewRule')}>
          {/* Named so its fields' ids are its own: another kept-alive page's form may also have a "name" field. */}
          <Form form={form} name="quoteRule" layout="vertical" initialValues={NEW_RULE} onFinish={(v) => void save(v)}>
            <RuleFields />
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text type="secondary" data-testid="rule-unit-price">
                {t('qRulePrice', { price: formatMoney(ruleUnitPrice(preview)) })}
              </Typography.Text>
              <Flex gap={8}>
                {editing && (
                  <Popconfirm title={t('qDeleteRule')} onConfirm={() => void remove()}>
                    <Button danger icon={<DeleteOutlined />}>{t('qDelete')}</Button>
                  </Popconfirm>
                )}
                <Button type="primary" htmlType="submit" loading={saving} data-testid="rule-save">
                  {t('qSave')}
                </Button>
              </Flex>
            </Flex>
          </Form>
          <Typography.Title level={5} className="quoting-subtitle">{t('qPreviewTitle')}</Typography.Title>
          <RulePreview rule={preview} />
        </Card>
      </Col>
      <Col xs={24} xxl={8}>
        <Card size="small" title={t('qLogTitle')}>
          <AutoQuoteLog />
        </Card>
      </Col>
    </Row>
  );
}
