import { useEffect, useRef } from 'react';
import { echarts, type EChartsCoreOption } from './echarts.ts';

/** One ECharts instance in a box that fills its parent; follows the box's size and the option. */
export function Chart({ option, label }: { option: EChartsCoreOption; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) {
      return undefined;
    }
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: false });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: '100%' }} />;
}
