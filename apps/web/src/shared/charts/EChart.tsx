import type { ECharts, EChartsOption } from 'echarts';
import { type CSSProperties, useEffect, useRef } from 'react';

import { useThemeMode } from '../theme/theme';

export interface EChartProps {
  option: EChartsOption;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * An ECharts chart. ECharts is large, so it is loaded on first use (its own chunk), never in the
 * start-up bundle; pages that chart import this component, not `echarts`.
 */
export function EChart({ option, style, 'data-testid': testId }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef(option);
  latest.current = option;
  const mode = useThemeMode();

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void import('echarts').then((echarts) => {
      if (disposed || !host.current) return;
      const instance = echarts.init(host.current, mode === 'dark' ? 'dark' : undefined);
      instance.setOption({ backgroundColor: 'transparent', ...latest.current });
      chart.current = instance;
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(host.current);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [mode]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option]);

  return <div ref={host} style={{ width: '100%', height: 320, ...style }} data-testid={testId} />;
}
