/**
 * The orders behind one outcome count of the summary (one shop, one month, one outcome), read through
 * the data provider like any list; a settlement line with no order (平台有账无单) is shown from the
 * settlement lines instead. A difference can be explained from here, and the whole platform order
 * page opened.
 */
import { useMemo, useState } from 'react';
import { Button, Drawer, Flex, Table, Tag, Typography } from 'antd';
import type { ResourceRecord } from '../../contract/resource';
import type { ReconSummaryRow } from '../../contract/api/reconciliation';
import type { CrudFilter, GetListParams } from '../interface/data-provider';
import { useWidgetHost } from '../interface/host';
import { formatMoney } from '../cells/format';
import { ORDERS, SETTLEMENTS, type ReconChoices } from './choices';
import { ExplainDialog } from './ExplainDialog';

const PAGE_SIZE = 10;
/** Outcomes that need no explanation. */
const SETTLED_OUTCOMES = new Set(['matched', 'pending']);

export interface Drill {
  row: ReconSummaryRow;
  outcome: string;
}

/** The first and last day of a YYYY-MM month, as a dateRange filter takes them. */
export function monthRange(period: string): [string, string] {
  const [year, month] = period.split('-').map(Number);
  const last = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return [`${period}-01`, `${period}-${String(last).padStart(2, '0')}`];
}

function paramsOf({ row, outcome }: Drill, page: number): GetListParams {
  const orphan = outcome === 'orphan';
  const filters: CrudFilter[] = [
    { field: 'platform', op: 'eq', value: row.platform },
    { field: 'shop_name', op: 'eq', value: row.shop_name },
    orphan ? { field: 'has_order', op: 'eq', value: false } : { field: 'outcome', op: 'eq', value: outcome },
  ];
  if (row.period) filters.push({ field: orphan ? 'settled_at' : 'paid_at', op: 'dateRange', value: monthRange(row.period) });
  return { resource: orphan ? SETTLEMENTS : ORDERS, filters, pagination: { page, pageSize: PAGE_SIZE }, sorters: [{ field: 'id', order: 'asc' }] };
}

const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value) : '-');

export function DrillDrawer({ drill, choices, onClose, onChanged }: { drill: Drill | null; choices: ReconChoices; onClose(): void; onChanged(): void }) {
  const { t, navigate, useList } = useWidgetHost();
  const [page, setPage] = useState(1);
  const [explaining, setExplaining] = useState<ResourceRecord | null>(null);
  const params = useMemo(() => (drill ? paramsOf(drill, page) : undefined), [drill, page]);
  const { data, isLoading, mutate } = useList(params, { keepPreviousData: true });
  const orphan = drill?.outcome === 'orphan';
  const outcome = drill ? choices.outcome(drill.outcome) : undefined;

  const columns = orphan
    ? [
        { key: 'order_no', title: t('reconOrderNo'), dataIndex: 'order_no' },
        { key: 'flow_no', title: t('reconFlowNo'), dataIndex: 'flow_no' },
        { key: 'amount_fen', title: t('reconSettled'), dataIndex: 'amount_fen', align: 'right' as const, render: money },
      ]
    : [
        { key: 'order_no', title: t('reconOrderNo'), dataIndex: 'order_no', render: (value: unknown) => <Typography.Text copyable>{String(value)}</Typography.Text> },
        { key: 'amount_fen', title: t('reconPaid'), dataIndex: 'amount_fen', align: 'right' as const, render: money },
        { key: 'expected_fen', title: t('reconExpected'), dataIndex: 'expected_fen', align: 'right' as const, render: money },
        { key: 'settled_fen', title: t('reconSettled'), dataIndex: 'settled_fen', align: 'right' as const, render: money },
        { key: 'difference_fen', title: t('reconDifference'), dataIndex: 'difference_fen', align: 'right' as const, render: money },
        {
          key: 'explain',
          title: t('reconExplainNote'),
          render: (_: unknown, record: ResourceRecord) =>
            record.explained ? (
              <Typography.Text type="secondary" ellipsis={{ tooltip: String(record.explain_note ?? '') }}>
                {String(record.explain_note ?? '')}
              </Typography.Text>
            ) : SETTLED_OUTCOMES.has(String(record.outcome)) ? null : (
              <Button type="link" size="small" onClick={() => setExplaining(record)}>
                {t('reconExplain')}
              </Button>
            ),
        },
      ];

  return (
    <Drawer
      open={drill !== null}
      onClose={onClose}
      size="large"
      afterOpenChange={(open) => !open && setPage(1)}
      title={
        drill && (
          <Flex gap={8} align="center" wrap>
            <span>{t('reconDrillTitle', { shop: drill.row.shop_name, period: drill.row.period, outcome: outcome?.label ?? drill.outcome })}</span>
            <Tag color={outcome?.color}>{drill.row.counts[drill.outcome] ?? 0}</Tag>
          </Flex>
        )
      }
      extra={drill && <Button onClick={() => navigate(orphan ? '/bill/store' : `/bill/core/${drill.row.platform}`)}>{t('reconOpenOrders')}</Button>}
    >
      <Table<ResourceRecord>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      <ExplainDialog
        record={explaining}
        onClose={() => setExplaining(null)}
        onSaved={() => {
          setExplaining(null);
          void mutate();
          onChanged();
        }}
      />
    </Drawer>
  );
}
