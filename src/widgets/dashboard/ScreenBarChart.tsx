/**
 * 数据大屏's ranking: horizontal bars, the first item on top (quoting teams by quotes adopted, goods
 * by sales). One or more series over the same names. Loaded lazily.
 */
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../charts/use-echart';
import { SCREEN_AXIS, SCREEN_PALETTE, SCREEN_SPLIT, SCREEN_TEXT, SCREEN_TOOLTIP } from './screen-chart-style';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ScreenBarChartProps {
  names: string[];
  series: Array<{ name: string; values: number[] }>;
  /** How a value reads on its bar and in the tooltip. */
  format?: (value: number) => string;
  label: string;
  /** Palette offset, so two rankings side by side differ in colour. */
  tint?: number;
}

const NAME_CHARS = 9;

export default function ScreenBarChart({ names, series, format = String, label, tint = 0 }: ScreenBarChartProps) {
  const { box, chart } = useEChart();
  useEffect(() => {
    // ECharts draws the first category at the bottom: reversed, the top item is on top.
    const reversed = [...names].reverse();
    chart.current?.setOption(
      {
        color: [...SCREEN_PALETTE.slice(tint), ...SCREEN_PALETTE.slice(0, tint)],
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, ...SCREEN_TOOLTIP, valueFormatter: (value: number) => format(value) },
        legend: series.length > 1 ? { top: 0, textStyle: { color: SCREEN_TEXT } } : { show: false },
        grid: { left: 4, right: 56, bottom: 4, top: series.length > 1 ? 28 : 4, containLabel: true },
        xAxis: { type: 'value', minInterval: 1, axisLabel: { show: false }, splitLine: { lineStyle: { color: SCREEN_SPLIT } } },
        yAxis: {
          type: 'category',
          data: reversed,
          axisLabel: { color: SCREEN_AXIS, formatter: (name: string) => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS)}…` : name) },
          axisLine: { lineStyle: { color: SCREEN_SPLIT } },
        },
        series: series.map((one) => ({
          type: 'bar',
          name: one.name,
          data: [...one.values].reverse(),
          barMaxWidth: 14,
          itemStyle: { borderRadius: [0, 4, 4, 0] },
          label: { show: true, position: 'right', color: SCREEN_TEXT, formatter: ({ value }: { value: number }) => format(value) },
        })),
      },
      // The names may change from one read to the next: replace the series rather than merge them.
      { replaceMerge: ['series'] },
    );
  }, [chart, names, series, format, label, tint]);
  return <div ref={box} className="dscreen-chart" role="img" aria-label={label} />;
}
