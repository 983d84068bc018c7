import type { ConfigItem } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';
import { fromConfigFormValues, toConfigFormValues } from './config-form-values';

const item = (code: string, value: string): ConfigItem => ({
  id: 1,
  code,
  name: code,
  value,
  companyId: 1,
  createBy: null,
  createDatetime: null,
  updateBy: null,
  updateDatetime: null,
});

describe('monitoring settings form values', () => {
  it('round-trips numbers, times, an empty mute window and the flag', () => {
    const form = toConfigFormValues([
      item('probe_interval_seconds', '45'),
      item('store_open_time', '09:30'),
      item('alert_outside_hours', '0'),
    ]);
    expect(form.probe_interval_seconds).toBe(45);
    expect(form.alert_outside_hours).toBe(false);
    expect(form.alert_mute_start).toBeNull();
    const values = fromConfigFormValues(form);
    expect(values).toMatchObject({
      probe_interval_seconds: '45',
      store_open_time: '09:30',
      store_close_time: '22:00',
      alert_mute_start: '',
      alert_outside_hours: '0',
    });
  });
});
