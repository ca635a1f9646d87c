/**
 * One of 商品统计's charts, drawn from an ECharts option built beside it (statistics-charts.ts).
 * ECharts is big, so this module is only ever loaded lazily (StatisticsBlock's lazy import): it
 * stays out of the console's main chunk and out of the statistics' first draw.
 */
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../charts/use-echart';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface StatisticsChartProps {
  option: echarts.EChartsCoreOption;
  /** What the chart shows, for a screen reader. */
  label: string;
}

export default function StatisticsChart({ option, label }: StatisticsChartProps) {
  const { box, chart } = useEChart();

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [chart, option]);

  return <div ref={box} className="goods-stats-chart" role="img" aria-label={label} />;
}
