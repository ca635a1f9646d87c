/**
 * 首页's trend: asks (bars) and quotes (a line) per day. ECharts is big, so this module is only ever
 * loaded lazily (OverviewBlock's lazy import), out of the console's main chunk.
 */
import { useEffect } from 'react';
import { theme } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../charts/use-echart';
import type { DashboardTrendDay } from '../../contract/api/dashboard';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface TrendChartProps {
  trend: DashboardTrendDay[];
  labels: { asks: string; quotes: string };
}

export default function TrendChart({ trend, labels }: TrendChartProps) {
  const { box, chart } = useEChart();
  const { token } = theme.useToken();

  useEffect(() => {
    chart.current?.setOption(
      {
        textStyle: { fontFamily: token.fontFamily },
        color: [token.colorPrimary, token.colorSuccess],
        tooltip: { trigger: 'axis' },
        legend: { top: 0, textStyle: { color: token.colorText } },
        grid: { left: 8, right: 8, bottom: 8, top: 36, containLabel: true },
        // 'MM-DD': the year is the same on every label but the rare turn of a year.
        xAxis: { type: 'category', data: trend.map((day) => day.day.slice(5)), axisLabel: { color: token.colorTextSecondary, hideOverlap: true } },
        yAxis: { type: 'value', minInterval: 1, axisLabel: { color: token.colorTextSecondary }, splitLine: { lineStyle: { color: token.colorSplit } } },
        series: [
          { type: 'bar', name: labels.asks, data: trend.map((day) => day.asks), barMaxWidth: 24 },
          { type: 'line', name: labels.quotes, data: trend.map((day) => day.quotes) },
        ],
      },
      { notMerge: true },
    );
  }, [chart, trend, labels, token]);

  return <div ref={box} className="dash-chart" role="img" aria-label={`${labels.asks}、${labels.quotes}`} />;
}
