import { describe, expect, it } from 'vitest';

import {
  configProblems,
  defaultConfigValues,
  inTimeWindow,
  toMonitoringSettings,
} from './config-definitions';

describe('config item rules', () => {
  it('accepts the defaults as they ship', () => {
    expect(configProblems(defaultConfigValues())).toEqual([]);
  });

  it('reports a threshold shorter than two probes with the minimum it needs', () => {
    const values = {
      ...defaultConfigValues(),
      probe_interval_seconds: '120',
      offline_threshold_seconds: '180',
    };
    expect(configProblems(values)).toEqual([
      expect.objectContaining({
        code: 'offline_threshold_seconds',
        issue: { rule: 'thresholdVsProbe', params: { min: 240 } },
      }),
    ]);
  });

  it('reads an empty mute window as none and a set one as a window', () => {
    expect(toMonitoringSettings(defaultConfigValues()).alertMute).toBeNull();
    const muted = { ...defaultConfigValues(), alert_mute_start: '23:00', alert_mute_end: '06:30' };
    expect(toMonitoringSettings(muted).alertMute).toEqual({ start: '23:00', end: '06:30' });
  });
});

describe('time windows', () => {
  it('handles a window within the day', () => {
    const day = { start: '08:00', end: '22:00' };
    expect(inTimeWindow(day, '08:00')).toBe(true);
    expect(inTimeWindow(day, '21:59')).toBe(true);
    expect(inTimeWindow(day, '22:00')).toBe(false);
    expect(inTimeWindow(day, '07:59')).toBe(false);
  });

  it('handles a window that runs past midnight', () => {
    const night = { start: '23:00', end: '06:00' };
    expect(inTimeWindow(night, '23:30')).toBe(true);
    expect(inTimeWindow(night, '02:00')).toBe(true);
    expect(inTimeWindow(night, '06:00')).toBe(false);
    expect(inTimeWindow(night, '12:00')).toBe(false);
  });
});
