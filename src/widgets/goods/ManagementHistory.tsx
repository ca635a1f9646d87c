/**
 * 商品管理's 操作记录: the team's past batches (who, when, what, with which parameters, how many
 * goods), a batch's goods before → after in a drawer, and 撤销 for a writer (the server refuses it,
 * saying how many goods changed since, when it cannot be done cleanly).
 */
import { useState } from 'react';
import useSWR from 'swr';
import { App, Button, Drawer, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { GOODS_BATCH_KIND_LABELS, GOODS_BATCH_PAGE, type GoodsBatch, type GoodsBatchDetail } from '../../contract/api/goods-management';
import { useWidgetHost } from '../interface/host';
import { formatTime } from '../cells/format';
import { paramsText, valueText } from './management-values';

interface Props {
  team: number;
  canUndo: boolean;
  generation: number;
  phone: boolean;
  onUndone(): void;
}

const TIME = 'YYYY-MM-DD HH:mm';

function Details({ id, onClose, phone }: { id: number; onClose(): void; phone: boolean }) {
  const { t, lang, data } = useWidgetHost();
  const detail = useSWR(['goods-management-batch', id], () => data.goods.management.batch(id));
  const batch = detail.data?.batch;
  const field = (item: GoodsBatchDetail['items'][number]) => Object.keys(item.after)[0] ?? '';
  return (
    <Drawer open width={phone ? '100%' : 640} title={batch ? `${batch.batch_no} · ${GOODS_BATCH_KIND_LABELS[batch.kind][lang]}` : ''} onClose={onClose}>
      {batch && (
        <Space direction="vertical" size={4} className="goods-mgmt-detail-head">
          <Typography.Text>
            {formatTime(batch.created_at, TIME)} · {batch.user_name}
          </Typography.Text>
          {paramsText(t, batch.kind, batch.params) && <Typography.Text>{paramsText(t, batch.kind, batch.params)}</Typography.Text>}
          {batch.note && <Typography.Text type="secondary">{batch.note}</Typography.Text>}
        </Space>
      )}
      <Table
        rowKey={(item) => `${item.goods_id}-${item.sku}`}
        size="small"
        loading={detail.isLoading}
        dataSource={detail.data?.items ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 480 }}
        columns={[
          { title: t('goodsMgmtSku'), dataIndex: 'sku', width: 120 },
          { title: t('goodsMgmtName'), dataIndex: 'name' },
          { title: t('goodsMgmtBefore'), key: 'before', width: 110, render: (_, item) => valueText(t, field(item), item.before[field(item)]) },
          { title: t('goodsMgmtAfter'), key: 'after', width: 110, render: (_, item) => <Typography.Text strong>{valueText(t, field(item), item.after[field(item)])}</Typography.Text> },
        ]}
      />
    </Drawer>
  );
}

export function ManagementHistory({ team, canUndo, generation, phone, onUndone }: Props) {
  const { t, lang, data } = useWidgetHost();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<number | null>(null);
  const batches = useSWR(['goods-management-batches', team, page, generation], () => data.goods.management.batches({ team_id: String(team), page: String(page) }), { keepPreviousData: true });

  const undo = async (batch: GoodsBatch) => {
    try {
      await data.goods.management.undo(batch.id);
      message.success(t('goodsMgmtUndoDone', { no: batch.batch_no }));
      onUndone();
    } catch {
      // The console has said why (goods changed since, or already undone).
    }
  };

  const operation = (batch: GoodsBatch) => (
    <Space direction="vertical" size={0}>
      <span>
        <Tag color={batch.kind === 'undo' ? 'purple' : 'blue'}>{GOODS_BATCH_KIND_LABELS[batch.kind][lang]}</Tag>
        {paramsText(t, batch.kind, batch.params)}
      </span>
      {batch.note && <Typography.Text type="secondary">{batch.note}</Typography.Text>}
    </Space>
  );
  const state = (batch: GoodsBatch) =>
    batch.undone_at !== null ? (
      <Typography.Text type="secondary" title={formatTime(batch.undone_at, TIME)}>
        {t('goodsMgmtUndone', { user: batch.undone_by ?? '' })}
      </Typography.Text>
    ) : (
      <Typography.Text type="success">{t('goodsMgmtStands')}</Typography.Text>
    );
  const actions = (batch: GoodsBatch) => (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => setShown(batch.id)}>
        {t('goodsMgmtDetail')}
      </Button>
      {canUndo && batch.kind !== 'undo' && batch.undone_at === null && (
        <Popconfirm title={t('goodsMgmtUndoConfirm', { no: batch.batch_no, count: batch.goods_count })} onConfirm={() => undo(batch)}>
          <Button type="link" size="small" danger>
            {t('goodsMgmtUndo')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
  // A phone's list keeps to one column: what was done, then who, when and how many, then the actions.
  const phoneColumns: ColumnsType<GoodsBatch> = [
    {
      title: t('goodsMgmtOperation'),
      key: 'batch',
      render: (_, batch) => (
        <Flex vertical gap={4}>
          {operation(batch)}
          <Typography.Text type="secondary" className="goods-mgmt-spec">
            {batch.batch_no} · {formatTime(batch.created_at, TIME)} · {batch.user_name} · {t('goodsMgmtGoodsCount')} {batch.goods_count}
          </Typography.Text>
          <Flex justify="space-between" align="center">
            {state(batch)}
            {actions(batch)}
          </Flex>
        </Flex>
      ),
    },
  ];
  const columns: ColumnsType<GoodsBatch> = [
    { title: t('goodsMgmtBatchNo'), dataIndex: 'batch_no', width: 170 },
    { title: t('goodsMgmtTime'), dataIndex: 'created_at', width: 140, render: (at: number) => formatTime(at, TIME) },
    { title: t('goodsMgmtOperation'), key: 'operation', render: (_, batch) => operation(batch) },
    { title: t('goodsMgmtGoodsCount'), dataIndex: 'goods_count', width: 80, align: 'right' },
    { title: t('goodsMgmtUser'), dataIndex: 'user_name', width: 100 },
    { title: t('goodsMgmtState'), key: 'state', width: 140, render: (_, batch) => state(batch) },
    { title: t('goodsMgmtActions'), key: 'actions', width: 120, fixed: 'right', render: (_, batch) => actions(batch) },
  ];

  return (
    <>
      <Table<GoodsBatch>
        rowKey="id"
        size="middle"
        className="goods-mgmt-history"
        columns={phone ? phoneColumns : columns}
        dataSource={batches.data?.rows ?? []}
        loading={batches.isLoading}
        scroll={phone ? undefined : { x: 900 }}
        locale={{ emptyText: t('goodsMgmtNoBatches') }}
        pagination={{ current: page, pageSize: GOODS_BATCH_PAGE, total: batches.data?.total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
      />
      {shown !== null && <Details id={shown} phone={phone} onClose={() => setShown(null)} />}
    </>
  );
}
