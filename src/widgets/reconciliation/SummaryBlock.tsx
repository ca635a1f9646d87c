/**
 * 对账汇总: what matching found per platform × shop × month. Totals on top (orders, paid, refunds,
 * fees, settled, difference), a chart of the outcomes (ECharts, loaded lazily), and a row per shop
 * and month with its fees by kind and its outcome counts as coloured tags; a tag opens the orders
 * behind it. 运行对账 matches again (the platform, shop and month chosen, or everything; a row's
 * own button its shop and month), 导出差异 saves the differences of that same scope as XLSX.
 * Placed by the screen bill/summary as the block `reconSummary`.
 */
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import useSWR from 'swr';
import { App, Button, Card, Empty, Flex, Result, Select, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import type { ReconMatchBody, ReconSummaryRow } from '../../contract/api/reconciliation';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import { formatMoney } from '../cells/format';
import { useReconChoices, type ReconChoices } from './choices';
import { DrillDrawer, type Drill } from './DrillDrawer';
import './reconciliation.css';

const OutcomeChart = lazy(() => import('./OutcomeChart'));

type Totals = Omit<ReconSummaryRow, 'platform' | 'shop_name' | 'period'>;
const SUMMED = ['orders', 'paid_fen', 'refund_fen', 'fee_service_fen', 'fee_commission_fen', 'fee_affiliate_fen', 'fee_other_fen', 'fee_fen', 'settled_fen', 'difference_fen', 'explained'] as const;

export function totalsOf(rows: ReconSummaryRow[]): Totals {
  const totals = { counts: {} as Record<string, number> } as Totals;
  for (const key of SUMMED) totals[key] = rows.reduce((sum, row) => sum + row[key], 0);
  for (const row of rows) for (const [outcome, count] of Object.entries(row.counts)) totals.counts[outcome] = (totals.counts[outcome] ?? 0) + count;
  return totals;
}

const rowKey = (row: ReconSummaryRow) => `${row.platform}/${row.shop_name}/${row.period}`;

function OutcomeTags({ row, choices, onPick }: { row: ReconSummaryRow; choices: ReconChoices; onPick(outcome: string): void }) {
  return (
    <Flex gap={4} wrap>
      {choices.outcomes
        .filter((outcome) => (row.counts[String(outcome.value)] ?? 0) > 0)
        .map((outcome) => (
          <Tag.CheckableTag key={outcome.value} checked={false} className="recon-outcome-tag" onChange={() => onPick(String(outcome.value))}>
            <Tag color={outcome.color} variant="filled">
              {outcome.label} {row.counts[String(outcome.value)]}
            </Tag>
          </Tag.CheckableTag>
        ))}
    </Flex>
  );
}

function Figures({ totals }: { totals: Totals }) {
  const { t } = useWidgetHost();
  const items: [string, number, 'money' | 'count'][] = [
    [t('reconOrders'), totals.orders, 'count'],
    [t('reconPaid'), totals.paid_fen, 'money'],
    [t('reconRefunds'), totals.refund_fen, 'money'],
    [t('reconFees'), totals.fee_fen, 'money'],
    [t('reconSettled'), totals.settled_fen, 'money'],
    [t('reconDifference'), totals.difference_fen, 'money'],
  ];
  return (
    <div className="recon-figures">
      {items.map(([title, value, kind]) => (
        <Card key={title} size="small">
          <Statistic
            title={title}
            value={kind === 'money' ? formatMoney(value) : value}
            styles={{ content: title === t('reconDifference') && value !== 0 ? { color: 'var(--ant-color-error-text)' } : undefined }}
          />
        </Card>
      ))}
    </div>
  );
}

/** One of the summary's filters: cleared, it means all. */
function FilterSelect({ label, placeholder, value, options, onChange }: { label: string; placeholder: string; value: string | undefined; options: Array<{ value: string; label: string }>; onChange(value?: string): void }) {
  return <Select aria-label={label} className="recon-filter" allowClear placeholder={placeholder} value={value} onChange={(chosen?: string) => onChange(chosen)} options={options} />;
}

export default function SummaryBlock(_: BlockProps) {
  const { t, lang, data, navigate } = useWidgetHost();
  const { message } = App.useApp();
  const choices = useReconChoices();
  const [platform, setPlatform] = useState<string | undefined>();
  const [shop, setShop] = useState<string | undefined>();
  const [period, setPeriod] = useState<string | undefined>();
  const [drill, setDrill] = useState<Drill | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  // Every month of the platform: the month select offers them, the table shows the one chosen.
  const summary = useSWR(['recon-summary', platform ?? ''], () => data.reconciliation.summary(platform ? { platform } : {}));
  const all = useMemo(() => summary.data?.rows ?? [], [summary.data]);
  const periods = useMemo(() => [...new Set(all.map((row) => row.period))].sort().reverse(), [all]);
  const shops = useMemo(() => [...new Set(all.map((row) => row.shop_name))].sort(), [all]);
  const rows = useMemo(() => all.filter((row) => (!period || row.period === period) && (!shop || row.shop_name === shop)), [all, period, shop]);
  // What the table shows is what running the match and exporting the differences cover.
  const scope = { ...(platform ? { platform: platform as ReconMatchBody['platform'] } : {}), ...(shop ? { shop } : {}), ...(period ? { period } : {}) };
  const totals = useMemo(() => totalsOf(rows), [rows]);
  const labelOf = useCallback((row: ReconSummaryRow) => `${row.period} ${row.shop_name}`, []);
  const pick = useCallback((row: ReconSummaryRow, outcome: string) => setDrill({ row, outcome }), []);

  const match = async (key: string, body: ReconMatchBody) => {
    setRunning(key);
    try {
      const report = await data.reconciliation.match(body);
      message.success(t('reconMatchDone', { changed: report.changed, ms: report.ms }));
      await summary.mutate();
    } finally {
      setRunning(null);
    }
  };

  if (summary.error && !summary.data) return <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void summary.mutate()}>{t('retry')}</Button>} />;
  if (!choices || !summary.data) return <Skeleton active />;

  const money = (value: number) => formatMoney(value);
  const feeColumns = (
    [
      ['fee_service_fen', t('reconFeeService')],
      ['fee_commission_fen', t('reconFeeCommission')],
      ['fee_affiliate_fen', t('reconFeeAffiliate')],
      ['fee_other_fen', t('reconFeeOther')],
    ] as const
  ).map(([key, title]) => ({ key, title, dataIndex: key, align: 'right' as const, render: money }));

  return (
    <Flex vertical gap={16} className="recon-summary">
      <Card size="small">
        <Flex gap={8} wrap align="center" justify="space-between">
          <Flex gap={8} wrap>
            <FilterSelect
              label={t('reconPlatform')}
              placeholder={t('reconAllPlatforms')}
              value={platform}
              onChange={(value) => {
                setPlatform(value);
                setShop(undefined);
                setPeriod(undefined);
              }}
              options={choices.platforms.map((choice) => ({ value: String(choice.value), label: choice.label }))}
            />
            <FilterSelect label={t('reconShop')} placeholder={t('reconAllShops')} value={shop} onChange={setShop} options={shops.map((value) => ({ value, label: value }))} />
            <FilterSelect label={t('reconPeriod')} placeholder={t('reconAllPeriods')} value={period} onChange={setPeriod} options={periods.map((value) => ({ value, label: value }))} />
          </Flex>
          <Flex gap={8} wrap>
            <Button type="primary" icon={<SyncOutlined spin={running === 'all'} />} loading={running === 'all'} onClick={() => void match('all', scope)}>
              {t('reconRunMatch')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void data.reconciliation.exportDifferences(scope, lang === 'zh' ? '对账差异.xlsx' : 'differences.xlsx')}>
              {t('reconExportDifferences')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => navigate('/bill/core/ImportSend')}>
              {t('reconGoImport')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      {rows.length === 0 ? (
        <Card>
          <Empty description={t('reconNoData')} />
        </Card>
      ) : (
        <>
          <Figures totals={totals} />
          <Card size="small" title={t('reconChartTitle')}>
            <Suspense fallback={<Skeleton.Node active className="recon-chart" />}>
              <OutcomeChart rows={rows} outcomes={choices.outcomes} labelOf={labelOf} onPick={pick} />
            </Suspense>
          </Card>
          <Card size="small" className="recon-table-card">
            <Table<ReconSummaryRow>
              rowKey={rowKey}
              size="small"
              dataSource={rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'platform', title: t('reconPlatform'), fixed: 'left', width: 104, render: (_, row) => <Tag color={choices.platform(row.platform).color}>{choices.platform(row.platform).label}</Tag> },
                { key: 'shop', title: t('reconShop'), dataIndex: 'shop_name', render: (value: string) => <Typography.Text strong>{value}</Typography.Text> },
                { key: 'period', title: t('reconPeriod'), dataIndex: 'period' },
                { key: 'orders', title: t('reconOrders'), dataIndex: 'orders', align: 'right' },
                { key: 'paid', title: t('reconPaid'), dataIndex: 'paid_fen', align: 'right', render: money },
                { key: 'refunds', title: t('reconRefunds'), dataIndex: 'refund_fen', align: 'right', render: money },
                { key: 'fees', title: t('reconFees'), children: [...feeColumns, { key: 'fee_fen', title: t('reconTotals'), dataIndex: 'fee_fen', align: 'right', render: money }] },
                { key: 'settled', title: t('reconSettled'), dataIndex: 'settled_fen', align: 'right', render: money },
                {
                  key: 'difference',
                  title: t('reconDifference'),
                  dataIndex: 'difference_fen',
                  align: 'right',
                  render: (value: number) => <Typography.Text type={value === 0 ? undefined : 'danger'}>{money(value)}</Typography.Text>,
                },
                {
                  key: 'outcomes',
                  title: t('reconOutcomes'),
                  width: 360,
                  render: (_, row) => (
                    <Flex vertical gap={4}>
                      <OutcomeTags row={row} choices={choices} onPick={(outcome) => pick(row, outcome)} />
                      {row.explained > 0 && <Typography.Text type="secondary">{t('reconExplainedCount', { count: row.explained })}</Typography.Text>}
                    </Flex>
                  ),
                },
                {
                  key: 'match',
                  title: '',
                  render: (_, row) => (
                    <Button
                      size="small"
                      loading={running === rowKey(row)}
                      onClick={() => void match(rowKey(row), { platform: row.platform as ReconMatchBody['platform'], shop: row.shop_name, ...(row.period ? { period: row.period } : {}) })}
                    >
                      {t('reconRunMatchRow')}
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        </>
      )}
      <DrillDrawer drill={drill} choices={choices} onClose={() => setDrill(null)} onChanged={() => void summary.mutate()} />
    </Flex>
  );
}
