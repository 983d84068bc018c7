import { describe, expect, it } from 'vitest';

import {
  bytesPerSecondToMbps,
  chartScaleOf,
  formatBytes,
  formatItemValue,
  formatKibibytes,
  formatMbps,
  formatPercent,
  formatUptime,
} from './units';

const EN = {
  days: (n: number) => `${n} d`,
  hours: (n: number) => `${n} h`,
  minutes: (n: number) => `${n} min`,
};
const ZH = {
  days: (n: number) => `${n}天`,
  hours: (n: number) => `${n}小时`,
  minutes: (n: number) => `${n}分钟`,
};

describe('readable units', () => {
  it('shows bytes as B, KB, MB and GB in 1024 steps', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(8 * 1024 ** 3)).toBe('8.0 GB');
    expect(formatBytes(3.25 * 1024 ** 2)).toBe('3.3 MB');
    expect(formatKibibytes(2048)).toBe('2.0 MB');
  });

  it('shows an uptime as days and hours, never raw seconds', () => {
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59, EN)).toBe('3 d 4 h');
    expect(formatUptime(5 * 3600 + 7 * 60, EN)).toBe('5 h 7 min');
    expect(formatUptime(125, EN)).toBe('2 min');
    expect(formatUptime(86_400, ZH)).toBe('1天 0小时');
  });

  it('shows rates as Kbps below one Mbps and Mbps above, with two decimals (spec §9)', () => {
    expect(formatMbps(0.5)).toBe('512.00 Kbps');
    expect(formatMbps(12.345)).toBe('12.35 Mbps');
    expect(formatMbps(2048)).toBe('2.00 Gbps');
    // 1 Mbps of bytes per second: 131072 B/s ÷ 128 ÷ 1024.
    expect(bytesPerSecondToMbps(131_072)).toBe(1);
  });

  it('shows percentages with one decimal', () => {
    expect(formatPercent(42.345)).toBe('42.3%');
    expect(formatPercent(7)).toBe('7.0%');
  });

  it("formats a running item's value by the unit the server names, and leaves device text alone", () => {
    expect(formatItemValue('8589934592', 'B', EN)).toBe('8.0 GB');
    expect(formatItemValue('90061', 's', EN)).toBe('1 d 1 h');
    expect(formatItemValue('0.25', 'Mbps', EN)).toBe('256.00 Kbps');
    expect(formatItemValue('33.333', '%', EN)).toBe('33.3%');
    expect(formatItemValue('12.5', 'ms', EN)).toBe('12.5 ms');
    expect(formatItemValue('router-01 <b>', '', EN)).toBe('router-01 <b>');
    expect(formatItemValue('', 'B', EN)).toBe('-');
  });

  it('scales chart values to the unit the axis names', () => {
    const bytes = chartScaleOf('B');
    expect(bytes.axisUnit).toBe('MB');
    expect(bytes.scale(3 * 1024 * 1024)).toBe(3);
    expect(chartScaleOf('s').scale(7200)).toBe(2);
    expect(chartScaleOf('%').axisUnit).toBe('%');
  });
});
