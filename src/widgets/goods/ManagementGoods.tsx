/**
 * 商品管理's goods table: the picked category's goods by keyword, status and stock, a page at a
 * time; rows ticked one by one or every goods matching the filter at once (the count said), and
 * the batch buttons for the selection. A reader sees the goods and a note, no buttons.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Alert, Button, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { GOODS_LOW_STOCK } from '../../contract/api/goods';
import { GOODS_BATCH_KIND_LABELS, GOODS_BATCH_MAX, GOODS_STATUSES, GOODS_STOCK_FILTERS, type GoodsFilter, type GoodsSelection, type ManagedGoods } from '../../contract/api/goods-management';
import { useWidgetHost } from '../interface/host';
import { formatMoney } from '../cells/format';
import { EVERY_MATCH, isSelected, NOTHING, selectedCount, selectionBody, toggled, type Selection } from './management-selection';
import type { SelectionKind } from './management-operation';

const PAGE_SIZE = 20;
const STATUS_COLOURS: Record<string, string> = { on_sale: 'green', off_sale: 'default', draft: 'blue' };
const KINDS: SelectionKind[] = ['on_sale', 'off_sale', 'price', 'stock', 'category'];

interface Props {
  team: number;
  category: string | undefined;
  /** Opens a batch on the selection; absent for a reader. */
  onBatch?: (kind: SelectionKind, selection: GoodsSelection, count: number) => void;
  /** Bumped after a batch, so the page reads again. */
  generation: number;
  phone: boolean;
}

export function ManagementGoods({ team, category, onBatch, generation, phone }: Props) {
  const { t, lang, data } = useWidgetHost();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<GoodsFilter['status']>();
  const [stock, setStock] = useState<GoodsFilter['stock']>();
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const filter: GoodsFilter = { ...(category !== undefined ? { category } : {}), ...(keyword ? { keyword } : {}), ...(status ? { status } : {}), ...(stock ? { stock } : {}) };
  const list = useSWR(['goods-management-goods', team, JSON.stringify(filter), page, generation], () => data.goods.management.goods({ team_id: team, filter, page, pageSize: PAGE_SIZE }), {
    keepPreviousData: true,
  });
  const total = list.data?.total ?? 0;
  const rows = list.data?.rows ?? [];
  const count = selectedCount(selection, total);

  // A new filter is a new set of goods: the selection and the page start again.
  const refilter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
    setSelection(NOTHING);
  };

  const statusTag = (value: string) => <Tag color={STATUS_COLOURS[value]}>{t(`goodsMgmtStatus_${value as 'on_sale'}`)}</Tag>;
  const stockText = (value: number) => (value <= GOODS_LOW_STOCK ? <Typography.Text type={value <= 0 ? 'danger' : 'warning'}>{value}</Typography.Text> : value);
  const goodsName = (row: ManagedGoods, extra?: string) => (
    <Flex gap={8} align="center">
      {row.image && <img src={row.image} alt="" className="goods-mgmt-thumb" />}
      <span>
        {row.name}
        {(row.spec || extra) && (
          <Typography.Text type="secondary" className="goods-mgmt-spec">
            {[extra, row.spec].filter(Boolean).join(' · ')}
          </Typography.Text>
        )}
      </span>
    </Flex>
  );
  // A phone's table keeps to two columns: the goods, and its price, stock and status.
  const columns: ColumnsType<ManagedGoods> = phone
    ? [
        { title: t('goodsMgmtName'), key: 'goods', render: (_, row) => goodsName(row, `${row.sku} · ${row.category || t('goodsMgmtUncategorized')}`) },
        {
          title: t('goodsMgmtPrice'),
          key: 'figures',
          width: 110,
          align: 'right',
          render: (_, row) => (
            <Flex vertical align="end" gap={2}>
              <span>{formatMoney(row.price_fen)}</span>
              <span>
                {t('goodsMgmtStock')} {stockText(row.stock)}
              </span>
              {statusTag(row.status)}
            </Flex>
          ),
        },
      ]
    : [
        { title: t('goodsMgmtSku'), dataIndex: 'sku', width: 120 },
        { title: t('goodsMgmtName'), dataIndex: 'name', render: (_, row) => goodsName(row) },
        { title: t('goodsMgmtCategory'), dataIndex: 'category', width: 100, render: (value: string) => value || t('goodsMgmtUncategorized') },
        { title: t('goodsMgmtPrice'), dataIndex: 'price_fen', width: 110, align: 'right', render: (fen: number) => formatMoney(fen) },
        { title: t('goodsMgmtCost'), dataIndex: 'cost_fen', width: 110, align: 'right', render: (fen: number | null) => (fen === null ? '' : formatMoney(fen)) },
        { title: t('goodsMgmtStock'), dataIndex: 'stock', width: 80, align: 'right', render: stockText },
        { title: t('goodsMgmtStatus'), dataIndex: 'status', width: 90, render: statusTag },
      ];

  return (
    <Flex vertical gap={12} className="goods-mgmt-goods">
      <Flex gap={8} wrap>
        <Input.Search allowClear className="goods-mgmt-search" placeholder={t('goodsMgmtSearch')} aria-label={t('goodsMgmtSearch')} onSearch={refilter(setKeyword)} />
        <Select
          allowClear
          className="goods-mgmt-filter"
          placeholder={t('goodsMgmtStatusAll')}
          aria-label={t('goodsMgmtStatus')}
          value={status}
          onChange={refilter(setStatus)}
          options={GOODS_STATUSES.map((value) => ({ value, label: t(`goodsMgmtStatus_${value}`) }))}
        />
        <Select
          allowClear
          className="goods-mgmt-filter"
          placeholder={t('goodsMgmtStockAll')}
          aria-label={t('goodsMgmtStock')}
          value={stock}
          onChange={refilter(setStock)}
          options={GOODS_STOCK_FILTERS.map((value) => ({ value, label: t(`goodsMgmtStock_${value}`, { low: GOODS_LOW_STOCK }) }))}
        />
      </Flex>
      {onBatch ? (
        <div className="goods-mgmt-selection" role="status">
          <Space wrap size={[8, 4]}>
            {count === 0 ? (
              <span className="goods-mgmt-hint">{t('goodsMgmtNoneSelected')}</span>
            ) : (
              <Typography.Text strong>{selection.mode === 'all' && selection.except.size === 0 ? t('goodsMgmtAllSelected', { count }) : t('goodsMgmtSelected', { count })}</Typography.Text>
            )}
            {selection.mode === 'ids' && total > 0 && total > count && (
              <Button type="link" size="small" onClick={() => setSelection(EVERY_MATCH)}>
                {t('goodsMgmtSelectAll', { total })}
              </Button>
            )}
            {count > 0 && (
              <Button type="link" size="small" onClick={() => setSelection(NOTHING)}>
                {t('goodsMgmtClear')}
              </Button>
            )}
            {count > GOODS_BATCH_MAX && <Typography.Text type="danger">{t('goodsMgmtTooMany', { most: GOODS_BATCH_MAX })}</Typography.Text>}
          </Space>
          <Space wrap size={8} className="goods-mgmt-actions">
            {KINDS.map((kind) => (
              <Button key={kind} type={kind === 'price' ? 'primary' : 'default'} disabled={count === 0 || count > GOODS_BATCH_MAX} onClick={() => onBatch(kind, selectionBody(selection, filter), count)}>
                {GOODS_BATCH_KIND_LABELS[kind][lang]}
              </Button>
            ))}
          </Space>
        </div>
      ) : (
        <Alert type="info" showIcon title={t('goodsMgmtReadOnly')} />
      )}
      <Table<ManagedGoods>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        scroll={phone ? undefined : { x: 760 }}
        locale={{ emptyText: t('goodsMgmtNoGoods') }}
        rowSelection={
          onBatch
            ? {
                selectedRowKeys: rows.filter((row) => isSelected(selection, row.id)).map((row) => row.id),
                onSelect: (row, on) => setSelection((current) => toggled(current, [row.id], on)),
                onSelectAll: (on, _rows, changed) => setSelection((current) => toggled(current, changed.map((row) => row.id), on)),
                // Ticking in "every match" mode keeps the unticked ones; antd must not clear them on a page change.
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage, showTotal: (all) => t('total', { total: all }), simple: phone }}
      />
    </Flex>
  );
}
