/**
 * 商品统计: the team's goods, comments and trades for a period (近7天, 近30天, 本月 or a custom
 * range; 近30天 first), each figure beside the previous period's. Cards on top, three charts
 * (ECharts, loaded lazily), the categories with most goods and the on-sale goods with least stock.
 * Administrators see every team's figures and may pick one team. Placed by the screen
 * goods/statistics as the block `goodsStatistics`.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import dayjs from 'dayjs';
import { Button, Card, DatePicker, Empty, Flex, Result, Segmented, Select, Skeleton, Typography, theme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { GOODS_STATS_MAX_DAYS, type GoodsStatistics } from '../../contract/api/goods';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import { presetPeriod, type PeriodPreset } from './statistics-periods';
import { categoriesOption, ratingsOption, tradesOption, type ChartColours } from './statistics-charts';
import { StatisticsFigures } from './StatisticsFigures';
import { CategoryTable, LowestStockTable } from './StatisticsTables';
import './statistics.css';

const StatisticsChart = lazy(() => import('./StatisticsChart'));

type Choice = PeriodPreset | 'custom';
interface Range {
  from: string;
  to: string;
}

function ChartCard({ title, empty, option }: { title: string; empty: string | null; option: () => EChartsCoreOption }) {
  return (
    <Card size="small" title={title} className="goods-stats-chart-card">
      {empty !== null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} className="goods-stats-empty" />
      ) : (
        <Suspense fallback={<Skeleton.Node active className="goods-stats-chart" />}>
          <StatisticsChart option={option()} label={title} />
        </Suspense>
      )}
    </Card>
  );
}

function PeriodPicker({ choice, range, onChoose, onRange }: { choice: Choice; range: Range; onChoose(choice: Choice): void; onRange(range: Range): void }) {
  const { t } = useWidgetHost();
  return (
    <Flex gap={8} wrap align="center">
      <Segmented<Choice>
        aria-label={t('goodsStatsPeriodPick')}
        value={choice}
        onChange={onChoose}
        options={[
          { value: '7d', label: t('goodsStatsPeriod7') },
          { value: '30d', label: t('goodsStatsPeriod30') },
          { value: 'month', label: t('goodsStatsPeriodMonth') },
          { value: 'custom', label: t('goodsStatsPeriodCustom') },
        ]}
      />
      {choice === 'custom' && (
        <DatePicker.RangePicker
          aria-label={t('goodsStatsPeriodPick')}
          className="goods-stats-range"
          allowClear={false}
          value={[dayjs(range.from), dayjs(range.to)]}
          disabledDate={(day, info) => !!info.from && Math.abs(day.diff(info.from, 'day')) >= GOODS_STATS_MAX_DAYS}
          onChange={(days) => {
            if (days?.[0] && days[1]) onRange({ from: days[0].format('YYYY-MM-DD'), to: days[1].format('YYYY-MM-DD') });
          }}
        />
      )}
    </Flex>
  );
}

function TeamPicker({ value, onChange }: { value: number | undefined; onChange(team: number | undefined): void }) {
  const { t, data } = useWidgetHost();
  const teams = useSWR(['goods-statistics-teams'], () => data.rowTeams({ resource: 'goods' }));
  return (
    <Select
      aria-label={t('goodsStatsTeam')}
      className="goods-stats-team"
      allowClear
      placeholder={t('goodsStatsAllTeams')}
      value={value}
      onChange={(team?: number) => onChange(team)}
      loading={teams.isLoading}
      options={(teams.data ?? []).map((team) => ({ value: Number(team.value), label: team.label }))}
    />
  );
}

function Body({ stats }: { stats: GoodsStatistics }) {
  const { t, lang, useDefinition } = useWidgetHost();
  const { token } = theme.useToken();
  const comments = useDefinition('goods_comments');
  const colours = useMemo<ChartColours>(
    () => ({
      fontFamily: token.fontFamily,
      text: token.colorText,
      secondary: token.colorTextSecondary,
      split: token.colorSplit,
      income: token.colorSuccess,
      expense: token.colorError,
      accent: token.colorPrimary,
    }),
    [token],
  );
  const platformOptions = comments.data?.fields.find((field) => field.name === 'platform')?.options;
  const platform = (value: string) => platformOptions?.find((option) => option.value === value)?.label[lang] ?? value;
  const { trades } = stats;
  const charts: ReactNode[] = [
    trades && (
      <ChartCard
        key="trades"
        title={t('goodsStatsTradesChart')}
        empty={trades.income_fen.current === 0 && trades.expense_fen.current === 0 ? t('goodsStatsNoTrades') : null}
        option={() => tradesOption(trades.days, { income: t('goodsStatsIncome'), expense: t('goodsStatsExpense') }, colours)}
      />
    ),
    <ChartCard
      key="categories"
      title={t('goodsStatsCategoryChart')}
      empty={stats.categories.length === 0 ? t('goodsStatsNoGoods') : null}
      option={() => categoriesOption(stats.categories, { count: t('goodsStatsGoodsCount'), value: t('goodsStatsStockCost'), none: t('goodsStatsNoCategory') }, colours)}
    />,
    <ChartCard
      key="ratings"
      title={t('goodsStatsRatingChart')}
      empty={stats.comments.count.current === 0 ? t('goodsStatsNoComments') : null}
      option={() => ratingsOption(stats.comments.by_platform, { platform, stars: (count) => t('goodsStatsStars', { count }) }, colours)}
    />,
  ];
  return (
    <>
      <StatisticsFigures data={stats} />
      <div className="goods-stats-charts">{charts}</div>
      <div className="goods-stats-tables">
        <CategoryTable rows={stats.categories} />
        <LowestStockTable rows={stats.lowest_stock} low={stats.goods.low_stock_threshold} />
      </div>
    </>
  );
}

export default function StatisticsBlock(_: BlockProps) {
  const { t, data, useDefinition } = useWidgetHost();
  const [choice, setChoice] = useState<Choice>('30d');
  const [range, setRange] = useState<Range>(() => presetPeriod('30d', Date.now()));
  const [team, setTeam] = useState<number | undefined>();
  // Whoever reads several teams' goods (an administrator) may look at one team.
  const severalTeams = useDefinition('goods').data?.severalTeams === true;
  const stats = useSWR(['goods-statistics', range.from, range.to, team ?? ''], () => data.goods.statistics({ ...range, ...(team ? { team_id: String(team) } : {}) }), {
    keepPreviousData: true,
  });

  // A custom range starts from the period shown.
  const choose = (next: Choice) => {
    if (next !== 'custom') setRange(presetPeriod(next, Date.now()));
    setChoice(next);
  };

  return (
    <Flex vertical gap={16} className="goods-stats">
      <Card size="small">
        <Flex gap={8} wrap align="center" justify="space-between">
          <PeriodPicker choice={choice} range={range} onChoose={choose} onRange={setRange} />
          {severalTeams && <TeamPicker value={team} onChange={setTeam} />}
        </Flex>
        {stats.data && (
          <Typography.Text type="secondary" className="goods-stats-span">
            {t('goodsStatsPeriodSpan', { from: stats.data.from, to: stats.data.to, previousFrom: stats.data.previous_from, previousTo: stats.data.previous_to })}
          </Typography.Text>
        )}
      </Card>
      {stats.error && !stats.data ? (
        <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void stats.mutate()}>{t('retry')}</Button>} />
      ) : !stats.data ? (
        <Skeleton active />
      ) : stats.data.goods.total === 0 && stats.data.comments.count.current === 0 && !stats.data.trades?.days.some((day) => day.income_fen || day.expense_fen) ? (
        <Card>
          <Empty description={t('goodsStatsNoGoods')} />
        </Card>
      ) : (
        <Body stats={stats.data} />
      )}
    </Flex>
  );
}
