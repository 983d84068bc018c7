/** How the net-test pages show figures: ms with one decimal, loss as %, speeds in MB/s or KB/s. */
import type { NetTestOutcome } from '@storefleet/contracts';

export const ms = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} ms`);
export const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)} %`);
export function speed(value: number | null): string {
  if (value === null) return '—';
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MB/s`;
  return `${(value / 1024).toFixed(1)} KB/s`;
}

export const OUTCOME_COLOR: Record<NetTestOutcome, string> = {
  ok: 'green',
  partial: 'orange',
  failed: 'red',
  offline: 'default',
  timeout: 'volcano',
};
