/**
 * An ECharts instance living in a box of the page: made when the box mounts, sized with the box,
 * disposed when it unmounts. Only the chart modules import this, and they are loaded lazily, so
 * ECharts stays out of the console's main chunk.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';

export function useEChart() {
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
  return { box, chart };
}
