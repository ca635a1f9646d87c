/**
 * 数据大屏's trend: asks (bars), quotes and quotes adopted (lines) per day. Loaded lazily, like
 * every ECharts module; updates merge into the chart, so a refresh animates instead of redrawing.
 */
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../charts/use-echart';
import type { DashboardScreenTrendDay } from '../../contract/api/dashboard';
import { SCREEN_AXIS, SCREEN_PALETTE, SCREEN_SPLIT, SCREEN_TEXT, SCREEN_TOOLTIP } from './screen-chart-style';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ScreenTrendChartProps {
  trend: DashboardScreenTrendDay[];
  labels: { asks: string; quotes: string; accepted: string };
}

export default function ScreenTrendChart({ trend, labels }: ScreenTrendChartProps) {
  const { box, chart } = useEChart();
  useEffect(() => {
    chart.current?.setOption({
      color: SCREEN_PALETTE,
      tooltip: { trigger: 'axis', ...SCREEN_TOOLTIP },
      legend: { top: 0, textStyle: { color: SCREEN_TEXT } },
      grid: { left: 4, right: 8, bottom: 4, top: 32, containLabel: true },
      xAxis: { type: 'category', data: trend.map((day) => day.day.slice(5)), axisLabel: { color: SCREEN_AXIS, hideOverlap: true }, axisLine: { lineStyle: { color: SCREEN_SPLIT } } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: SCREEN_AXIS }, splitLine: { lineStyle: { color: SCREEN_SPLIT } } },
      series: [
        { type: 'bar', name: labels.asks, data: trend.map((day) => day.asks), barMaxWidth: 18, itemStyle: { borderRadius: [3, 3, 0, 0] } },
        { type: 'line', name: labels.quotes, data: trend.map((day) => day.quotes), smooth: 0.3, symbolSize: 5 },
        { type: 'line', name: labels.accepted, data: trend.map((day) => day.accepted), smooth: 0.3, symbolSize: 5, areaStyle: { opacity: 0.15 } },
      ],
    });
  }, [chart, trend, labels]);
  return <div ref={box} className="dscreen-chart" role="img" aria-label={`${labels.asks}、${labels.quotes}、${labels.accepted}`} />;
}
