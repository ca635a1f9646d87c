/**
 * 商品管理's batch dialog: the operation's parameters, then its preview (every goods before → after,
 * with what to look out for: under cost, stock going negative), then 确认执行. Applying sends the
 * goods as previewed with their versions, so one changed meanwhile refuses the batch (the console
 * says so) and the seller previews again. Any change of the parameters drops the preview.
 */
import { useState } from 'react';
import { App, Alert, AutoComplete, Button, Flex, Input, InputNumber, Modal, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { GOODS_BATCH_KIND_LABELS, GOODS_BLOCKING_WARNINGS, type GoodsBatch, type GoodsPreview, type GoodsPreviewRow, type GoodsSelection } from '../../contract/api/goods-management';
import { useWidgetHost } from '../interface/host';
import { EMPTY_FORM, operationOf, type DialogKind, type OperationForm } from './management-operation';
import { valueText } from './management-values';

export interface BatchRequest {
  kind: DialogKind;
  /** The goods picked; a category's rename or merge takes `from`'s goods instead. */
  selection?: GoodsSelection;
  from?: string;
  count: number;
}

interface Props {
  team: number;
  request: BatchRequest;
  /** The team's category names, offered as targets. */
  categories: string[];
  phone: boolean;
  onClose(): void;
  onApplied(batch: GoodsBatch): void;
}

function Warnings({ row }: { row: GoodsPreviewRow }) {
  const { t } = useWidgetHost();
  return (
    <>
      {row.warnings.map((warning) => (
        <Tag key={warning} color={GOODS_BLOCKING_WARNINGS.includes(warning) ? 'red' : warning === 'below_cost' ? 'orange' : 'default'}>
          {t(`goodsMgmtWarn_${warning}`)}
        </Tag>
      ))}
    </>
  );
}

function Parameters({ kind, form, change, categories, from }: { kind: DialogKind; form: OperationForm; change(patch: Partial<OperationForm>): void; categories: string[]; from?: string }) {
  const { t } = useWidgetHost();
  if (kind === 'price') {
    const hint = { set: t('goodsMgmtPriceSetHint'), add: t('goodsMgmtPriceAddHint'), percent: t('goodsMgmtPricePercentHint') }[form.priceMode];
    return (
      <Flex vertical gap={8}>
        <Segmented<OperationForm['priceMode']>
          value={form.priceMode}
          onChange={(priceMode) => change({ priceMode, amount: null })}
          options={[
            { value: 'percent', label: t('goodsMgmtPricePercent') },
            { value: 'add', label: t('goodsMgmtPriceAdd') },
            { value: 'set', label: t('goodsMgmtPriceSet') },
          ]}
        />
        <InputNumber<number>
          aria-label={hint}
          placeholder={hint}
          className="goods-mgmt-number"
          value={form.amount}
          min={form.priceMode === 'set' ? 0 : form.priceMode === 'percent' ? -100 : undefined}
          max={form.priceMode === 'percent' ? 1000 : 1_000_000}
          precision={2}
          suffix={form.priceMode === 'percent' ? '%' : '元'}
          onChange={(amount) => change({ amount })}
        />
        <Typography.Text type="secondary">{t('goodsMgmtRounding')}</Typography.Text>
      </Flex>
    );
  }
  if (kind === 'stock') {
    return (
      <Flex vertical gap={8}>
        <Segmented<OperationForm['stockMode']>
          value={form.stockMode}
          onChange={(stockMode) => change({ stockMode })}
          options={[
            { value: 'add', label: t('goodsMgmtStockAdd') },
            { value: 'subtract', label: t('goodsMgmtStockSubtract') },
            { value: 'set', label: t('goodsMgmtStockSet') },
          ]}
        />
        <InputNumber<number> aria-label={t('goodsMgmtQuantity')} placeholder={t('goodsMgmtQuantity')} className="goods-mgmt-number" value={form.quantity} min={0} max={10_000_000} precision={0} onChange={(quantity) => change({ quantity })} />
        <Input aria-label={t('goodsMgmtReason')} addonBefore={t('goodsMgmtReason')} placeholder={t('goodsMgmtReasonHint')} maxLength={100} value={form.reason} onChange={(event) => change({ reason: event.target.value })} />
      </Flex>
    );
  }
  if (kind === 'category' || kind === 'rename_category') {
    const label = kind === 'category' ? t('goodsMgmtNewCategory') : t('goodsMgmtNewName');
    return (
      <AutoComplete
        aria-label={label}
        placeholder={label}
        value={form.category}
        maxLength={64}
        onChange={(category: string) => change({ category })}
        options={kind === 'category' ? categories.map((value) => ({ value })) : []}
        filterOption={(input, option) => String(option?.value ?? '').includes(input)}
      />
    );
  }
  if (kind === 'merge_category') {
    return (
      <Select
        aria-label={t('goodsMgmtMergeInto')}
        placeholder={t('goodsMgmtMergeInto')}
        value={form.category || undefined}
        onChange={(category: string) => change({ category })}
        options={categories.filter((value) => value !== from).map((value) => ({ value, label: value }))}
      />
    );
  }
  return null;
}

export function ManagementBatchDialog({ team, request, categories, phone, onClose, onApplied }: Props) {
  const { t, lang, data } = useWidgetHost();
  const { message } = App.useApp();
  const [form, setForm] = useState<OperationForm>(EMPTY_FORM);
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<GoodsPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const operation = operationOf(request.kind, form, request.from);
  const change = (patch: Partial<OperationForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setPreview(null);
  };

  const runPreview = async () => {
    if (!operation) return;
    setBusy('preview');
    try {
      setPreview(await data.goods.management.preview({ team_id: team, operation, ...(request.selection ? { selection: request.selection } : {}) }));
    } catch {
      // The console has told the user why (its Chinese message).
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!operation || !preview) return;
    setBusy('apply');
    try {
      const batch = await data.goods.management.apply({ team_id: team, operation, goods: preview.rows.map(({ id, version }) => ({ id, version })), ...(note.trim() ? { note: note.trim() } : {}) });
      message.success(t('goodsMgmtApplied', { no: batch.batch_no, count: batch.goods_count }));
      onApplied(batch);
    } catch {
      // Told by the console; a goods changed meanwhile needs a new preview.
      setPreview(null);
    } finally {
      setBusy(null);
    }
  };

  const field = preview?.rows[0] ? Object.keys(preview.rows[0].after)[0] : '';
  const title = t('goodsMgmtDialogTitle', { kind: GOODS_BATCH_KIND_LABELS[request.kind][lang] });
  const scope = request.from !== undefined ? t('goodsMgmtScopeCategory', { category: request.from, count: request.count }) : t('goodsMgmtScope', { count: request.count });
  const ready = preview !== null && preview.blocked === 0 && preview.changed > 0;
  const after = (row: GoodsPreviewRow) => (
    <Space size={4}>
      <ArrowRightOutlined className="goods-mgmt-arrow" />
      <Typography.Text strong={!row.warnings.includes('unchanged')}>{valueText(t, field, row.after[field])}</Typography.Text>
    </Space>
  );
  const deskColumns: ColumnsType<GoodsPreviewRow> = [
    { title: t('goodsMgmtSku'), dataIndex: 'sku', width: 120 },
    { title: t('goodsMgmtName'), dataIndex: 'name' },
    { title: t('goodsMgmtBefore'), key: 'before', width: 120, render: (_, row) => valueText(t, field, row.before[field]) },
    { title: t('goodsMgmtAfter'), key: 'after', width: 140, render: (_, row) => after(row) },
    { title: t('goodsMgmtWarnings'), key: 'warnings', width: 140, render: (_, row) => <Warnings row={row} /> },
  ];
  // A phone's preview keeps to two columns: the goods, and its change with what to look out for.
  const phoneColumns: ColumnsType<GoodsPreviewRow> = [
    {
      title: t('goodsMgmtName'),
      key: 'goods',
      render: (_, row) => (
        <span>
          {row.name}
          <Typography.Text type="secondary" className="goods-mgmt-spec">
            {row.sku}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: `${t('goodsMgmtBefore')} → ${t('goodsMgmtAfter')}`,
      key: 'change',
      width: 150,
      render: (_, row) => (
        <Flex vertical gap={2}>
          <span>
            {valueText(t, field, row.before[field])} {after(row)}
          </span>
          <span>
            <Warnings row={row} />
          </span>
        </Flex>
      ),
    },
  ];

  return (
    <Modal
      open
      title={title}
      width={phone ? '100%' : 860}
      className="goods-mgmt-dialog"
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('goodsMgmtCancel')}</Button>
          <Button disabled={!operation} loading={busy === 'preview'} onClick={() => void runPreview()}>
            {preview ? t('goodsMgmtPreviewAgain') : t('goodsMgmtPreview')}
          </Button>
          <Button type="primary" disabled={!ready} loading={busy === 'apply'} onClick={() => void apply()}>
            {t('goodsMgmtApply')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text strong>{scope}</Typography.Text>
        <Parameters kind={request.kind} form={form} change={change} categories={categories} from={request.from} />
        <Input addonBefore={t('goodsMgmtNote')} placeholder={t('goodsMgmtNoteHint')} maxLength={50} value={note} onChange={(event) => setNote(event.target.value)} />
        {!preview ? (
          <Typography.Text type="secondary">{t('goodsMgmtFillIn')}</Typography.Text>
        ) : (
          <>
            <Alert
              type={preview.blocked > 0 ? 'error' : preview.below_cost > 0 ? 'warning' : 'success'}
              showIcon
              title={[
                t('goodsMgmtPreviewSummary', { count: preview.count, changed: preview.changed }),
                preview.below_cost > 0 ? t('goodsMgmtPreviewBelowCost', { count: preview.below_cost }) : '',
                preview.blocked > 0 ? t('goodsMgmtPreviewBlocked', { count: preview.blocked }) : '',
              ]
                .filter(Boolean)
                .join('；')}
            />
            <Table<GoodsPreviewRow>
              className="goods-mgmt-preview"
              rowKey="id"
              size="small"
              dataSource={preview.rows}
              pagination={preview.rows.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
              scroll={phone ? undefined : { x: 600 }}
              rowClassName={(row) => (row.warnings.some((w) => GOODS_BLOCKING_WARNINGS.includes(w)) ? 'goods-mgmt-blocked' : '')}
              columns={phone ? phoneColumns : deskColumns}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
