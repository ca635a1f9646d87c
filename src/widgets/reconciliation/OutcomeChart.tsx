/**
 * The summary's chart: orders per outcome, one stacked bar per shop × month, in the outcomes'
 * colours. ECharts is big, so this module is only ever loaded lazily (SummaryBlock's lazy import):
 * it stays out of the console's main chunk and out of the summary's first draw.
 */
import { useEffect } from 'react';
import { theme } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../charts/use-echart';
import type { ReconSummaryRow } from '../../contract/api/reconciliation';
import type { Choice } from '../interface/choices';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** antd's preset tag colours as chart colours (a tag's colour name is not a CSS colour for most of them). */
const PRESET: Record<string, string> = {
  green: '#52c41a',
  red: '#f5222d',
  orange: '#fa8c16',
  gold: '#faad14',
  purple: '#722ed1',
  magenta: '#eb2f96',
  volcano: '#fa541c',
  cyan: '#13c2c2',
  blue: '#1677ff',
  default: '#bfbfbf',
};

/** Bars whose labels stand level beside each other; more are slanted. */
const LEVEL_LABELS = 4;
/** A label's longest, in pixels: a month and a shop's name of some twelve characters; on a chart as narrow as a phone's, the month and little more. */
const LABEL_WIDTH = 200;
const NARROW_LABEL_WIDTH = 64;
const NARROW_CHART = 600;

export interface OutcomeChartProps {
  rows: ReconSummaryRow[];
  outcomes: Choice[];
  /** The bar's label: month and shop. */
  labelOf(row: ReconSummaryRow): string;
  /** A bar segment clicked: that row's orders of that outcome. */
  onPick(row: ReconSummaryRow, outcome: string): void;
}

export default function OutcomeChart({ rows, outcomes, labelOf, onPick }: OutcomeChartProps) {
  const { box, chart } = useEChart();
  const { token } = theme.useToken();

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const shown = outcomes.filter((outcome) => rows.some((row) => (row.counts[String(outcome.value)] ?? 0) > 0));
    instance.setOption(
      {
        textStyle: { fontFamily: token.fontFamily },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        legend: { top: 0, type: 'scroll', textStyle: { color: token.colorText } },
        grid: { left: 8, right: 8, bottom: 8, top: 40, containLabel: true },
        // Every bar keeps a label: slanted past a few bars (level, they hid all but every third), cut to a
        // width with its start kept (the month), the whole of it in the tooltip.
        xAxis: {
          type: 'category',
          data: rows.map(labelOf),
          axisLabel: {
            color: token.colorTextSecondary,
            interval: 0,
            hideOverlap: true,
            rotate: rows.length > LEVEL_LABELS ? 40 : 0,
            width: instance.getWidth() < NARROW_CHART ? NARROW_LABEL_WIDTH : LABEL_WIDTH,
            overflow: 'truncate',
          },
        },
        yAxis: { type: 'value', minInterval: 1, axisLabel: { color: token.colorTextSecondary }, splitLine: { lineStyle: { color: token.colorSplit } } },
        series: shown.map((outcome) => ({
          type: 'bar',
          stack: 'orders',
          name: outcome.label,
          id: String(outcome.value),
          itemStyle: { color: PRESET[outcome.color ?? 'default'] ?? outcome.color },
          emphasis: { focus: 'series' },
          data: rows.map((row) => row.counts[String(outcome.value)] ?? 0),
        })),
      },
      { notMerge: true },
    );
    instance.off('click');
    instance.on('click', (event) => {
      const row = rows[event.dataIndex];
      if (row && event.seriesId) onPick(row, event.seriesId);
    });
  }, [chart, rows, outcomes, labelOf, onPick, token]);

  return <div ref={box} className="recon-chart" role="img" aria-label={outcomes.map((o) => o.label).join('、')} />;
}
