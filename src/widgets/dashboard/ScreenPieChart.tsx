/** 数据大屏's donut: a whole split in parts (store bills per platform). Loaded lazily. */
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../charts/use-echart';
import { SCREEN_PALETTE, SCREEN_TEXT, SCREEN_TOOLTIP } from './screen-chart-style';

echarts.use([PieChart, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ScreenPieChartProps {
  parts: Array<{ name: string; value: number; share: number }>;
  format: (value: number) => string;
  label: string;
}

export default function ScreenPieChart({ parts, format, label }: ScreenPieChartProps) {
  const { box, chart } = useEChart();
  useEffect(() => {
    chart.current?.setOption({
      color: SCREEN_PALETTE,
      tooltip: { trigger: 'item', ...SCREEN_TOOLTIP, formatter: (item: { name: string; value: number; percent: number }) => `${item.name}<br/>${format(item.value)}（${item.percent}%）` },
      legend: { bottom: 0, textStyle: { color: SCREEN_TEXT } },
      series: [
        {
          type: 'pie',
          radius: ['40%', '62%'],
          center: ['50%', '45%'],
          labelLine: { length: 8, length2: 6 },
          itemStyle: { borderColor: '#0b1a33', borderWidth: 2 },
          // Shares only beside the ring: the names are in the legend, and long ones would run off a narrow panel.
          label: { color: SCREEN_TEXT, formatter: '{d}%' },
          data: parts.map((part) => ({ name: part.name, value: part.value })),
        },
      ],
    });
  }, [chart, parts, format]);
  return <div ref={box} className="dscreen-chart" role="img" aria-label={label} />;
}
