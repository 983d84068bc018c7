/** How the net-test pages show figures: ms with one decimal, loss as %, speeds in MB/s or KB/s. */
import type { NetTestOutcome, NetTestRunResult, NetTestRunStatus } from '@storefleet/contracts';

export const ms = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} ms`);
export const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)} %`);
export function speed(value: number | null): string {
  if (value === null) return '—';
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MB/s`;
  return `${(value / 1024).toFixed(1)} KB/s`;
}

export const STATUS_COLOR: Record<NetTestRunStatus, string> = {
  running: 'processing',
  finished: 'success',
  interrupted: 'warning',
};

export const OUTCOME_COLOR: Record<NetTestOutcome, string> = {
  ok: 'green',
  partial: 'orange',
  failed: 'red',
  offline: 'default',
  timeout: 'volcano',
};

/** The figures a chart can show, and the unit it shows each in (ms, %, MB/s). */
export const METRICS = ['delay', 'jitter', 'loss', 'download', 'upload'] as const;
export type Metric = (typeof METRICS)[number];

export function metricValue(r: NetTestRunResult, metric: Metric): number | null {
  const round = (v: number | null, digits: number) => (v === null ? null : Number(v.toFixed(digits)));
  switch (metric) {
    case 'delay':
      return round(r.delayTime, 1);
    case 'jitter':
      return round(r.networkJitter, 1);
    case 'loss':
      return r.packetLossRate === null ? null : round(r.packetLossRate * 100, 1);
    case 'download':
      return r.downloadSpeed === null ? null : round(r.downloadSpeed / 1024 / 1024, 2);
    case 'upload':
      return r.uploadSpeed === null ? null : round(r.uploadSpeed / 1024 / 1024, 2);
  }
}
