/**
 * The options of 商品统计's three charts, plain objects built from the figures: income and expense
 * per day, goods and stock value per category, stars per platform. Only StatisticsChart loads ECharts.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { GoodsStatistics } from '../../contract/api/goods';

/** The theme's colours the charts draw their text and lines in. */
export interface ChartColours {
  fontFamily: string;
  text: string;
  secondary: string;
  split: string;
  income: string;
  expense: string;
  accent: string;
}

/** Star colours, one star (red) to five (green). */
const STAR_COLOURS = ['#f5222d', '#fa8c16', '#fadb14', '#a0d911', '#52c41a'];

const yuan = (fen: number) => Math.round(fen) / 100;

function frame(colours: ChartColours, legend: boolean): EChartsCoreOption {
  return {
    textStyle: { fontFamily: colours.fontFamily },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
    ...(legend ? { legend: { top: 0, type: 'scroll', textStyle: { color: colours.text } } } : {}),
    grid: { left: 8, right: 8, bottom: 8, top: legend ? 40 : 16, containLabel: true },
  };
}

const valueAxis = (colours: ChartColours, extra: Record<string, unknown> = {}) => ({
  type: 'value',
  axisLabel: { color: colours.secondary },
  splitLine: { lineStyle: { color: colours.split } },
  ...extra,
});

const categoryAxis = (colours: ChartColours, data: string[], labels: Record<string, unknown> = { hideOverlap: true }) => ({
  type: 'category',
  data,
  axisLabel: { color: colours.secondary, ...labels },
});

/** Income and expense in yuan per China day, as two bar series. */
export function tradesOption(days: NonNullable<GoodsStatistics['trades']>['days'], names: { income: string; expense: string }, colours: ChartColours): EChartsCoreOption {
  return {
    ...frame(colours, true),
    xAxis: categoryAxis(colours, days.map((day) => day.date.slice(5))),
    yAxis: valueAxis(colours),
    series: [
      { type: 'bar', name: names.income, itemStyle: { color: colours.income }, data: days.map((day) => yuan(day.income_fen)) },
      { type: 'bar', name: names.expense, itemStyle: { color: colours.expense }, data: days.map((day) => yuan(day.expense_fen)) },
    ],
  };
}

/** Goods per category as bars, and the stock's value at cost (yuan) as a line on its own axis. */
export function categoriesOption(
  categories: GoodsStatistics['categories'],
  names: { count: string; value: string; none: string },
  colours: ChartColours,
): EChartsCoreOption {
  return {
    ...frame(colours, true),
    // Every category named, slanted to fit: a bar without its name says nothing.
    xAxis: categoryAxis(
      colours,
      categories.map((row) => row.category || names.none),
      { interval: 0, rotate: categories.length > 5 ? 35 : 0 },
    ),
    yAxis: [valueAxis(colours, { minInterval: 1 }), valueAxis(colours, { splitLine: { show: false } })],
    series: [
      { type: 'bar', name: names.count, itemStyle: { color: colours.accent }, data: categories.map((row) => row.count) },
      { type: 'line', name: names.value, yAxisIndex: 1, itemStyle: { color: colours.income }, data: categories.map((row) => yuan(row.stock_cost_fen)) },
    ],
  };
}

/** Comments per platform, stacked by star. */
export function ratingsOption(byPlatform: GoodsStatistics['comments']['by_platform'], names: { platform(value: string): string; stars(count: number): string }, colours: ChartColours): EChartsCoreOption {
  return {
    ...frame(colours, true),
    xAxis: categoryAxis(colours, byPlatform.map((row) => names.platform(row.platform))),
    yAxis: valueAxis(colours, { minInterval: 1 }),
    series: STAR_COLOURS.map((colour, star) => ({
      type: 'bar',
      stack: 'stars',
      name: names.stars(star + 1),
      itemStyle: { color: colour },
      data: byPlatform.map((row) => row.ratings[star]),
    })),
  };
}
