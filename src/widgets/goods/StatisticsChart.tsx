/**
 * One of 商品统计's charts, drawn from an ECharts option built beside it (statistics-charts.ts).
 * ECharts is big, so this module is only ever loaded lazily (StatisticsBlock's lazy import): it
 * stays out of the console's main chunk and out of the statistics' first draw.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface StatisticsChartProps {
  option: echarts.EChartsCoreOption;
  /** What the chart shows, for a screen reader. */
  label: string;
}

export default function StatisticsChart({ option, label }: StatisticsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.EChartsType | null>(null);

  useEffect(() => {
    const instance = echarts.init(box.current!);
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(box.current!);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className="goods-stats-chart" role="img" aria-label={label} />;
}
