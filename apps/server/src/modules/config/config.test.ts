import { ConfigEndpoints, type ConfigItem } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { getMonitoringSettings } from './config.service';

let t: TestApp;
let admin: string;
let agent: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, agent, operator] = await Promise.all([t.signIn('admin'), t.signIn('agent'), t.signIn('operator')]);
});
afterAll(() => t.close());

const list = (token: string, companyId?: number) => t.send(ConfigEndpoints.list, {}, { token, companyId });
const save = (token: string, configItems: unknown, companyId?: number) =>
  t.send(ConfigEndpoints.update, { body: { configItems } }, { token, companyId });
const settingValue = (items: ConfigItem[], code: string) => items.find((i) => i.code === code)?.value;

describe('reading config items', () => {
  it('shows every setting with its default before anything is saved', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const items = envelopeOf<ConfigItem[]>(res).data;
    expect(items.find((i) => i.code === 'probe_interval_seconds')).toMatchObject({
      id: null,
      value: '60',
      name: '探测间隔（秒）',
      companyId: 1,
    });
    expect(settingValue(items, 'offline_threshold_seconds')).toBe('180');
    expect(settingValue(items, 'history_retention_days')).toBe('90');
    expect(settingValue(items, 'hourly_retention_days')).toBe('365');
    expect(settingValue(items, 'store_open_time')).toBe('08:00');
    expect(settingValue(items, 'store_close_time')).toBe('22:00');
  });

  it("answers 404 for another company's items", async () => {
    const res = await t.send(ConfigEndpoints.listCompanyItem, { params: { companyId: 2 } }, admin);
    expect(res.statusCode).toBe(404);
    const own = await t.send(ConfigEndpoints.listCompanyItem, { params: { companyId: 1 } }, admin);
    expect(own.statusCode).toBe(200);
  });

  it('refuses users without the monitoring settings page', async () => {
    expect((await list(operator)).statusCode).toBe(403);
    expect((await save(operator, [{ code: 'probe_interval_seconds', value: '30' }])).statusCode).toBe(403);
  });
});

describe('saving config items', () => {
  it('saves values, records who saved them and feeds the typed settings', async () => {
    const res = await save(admin, [
      { code: 'probe_interval_seconds', value: 30 },
      { code: 'store_open_time', value: '09:30' },
      { code: 'alert_mute_start', value: '23:00' },
      { code: 'alert_mute_end', value: '06:00' },
    ]);
    expect(res.statusCode).toBe(200);
    const saved = envelopeOf<ConfigItem[]>(res).data.find((i) => i.code === 'probe_interval_seconds');
    expect(saved).toMatchObject({ value: '30', createBy: 'admin', updateBy: 'admin' });
    expect(saved?.id).toEqual(expect.any(Number));
    expect(saved?.updateDatetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const settings = await getMonitoringSettings(t.ctx.db, 1);
    expect(settings).toMatchObject({
      probeIntervalSeconds: 30,
      offlineThresholdSeconds: 180,
      openingHours: { start: '09:30', end: '22:00' },
      alertMute: { start: '23:00', end: '06:00' },
    });
    expect((await getMonitoringSettings(t.ctx.db, 2)).probeIntervalSeconds).toBe(60);
  });

  it('refuses an out-of-range value and saves none of the batch', async () => {
    const res = await save(admin, [
      { code: 'history_retention_days', value: '120' },
      { code: 'probe_interval_seconds', value: '5' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe(
      'configItems.probe_interval_seconds: must be a whole number from 10 to 3600',
    );
    expect(settingValue(envelopeOf<ConfigItem[]>(await list(admin)).data, 'history_retention_days')).toBe(
      '90',
    );
  });

  it.each([
    ['store_close_time', '24:00', 'must be a time as HH:mm (00:00–23:59)'],
    ['alert_outside_hours', 'yes', 'must be 0 or 1'],
    ['offline_threshold_seconds', '12.5', 'must be a whole number from 20 to 86400'],
    ['hourly_retention_days', '30', 'must be at least the history retention (90 days)'],
    ['offline_threshold_seconds', '50', 'must be at least twice the probe interval (60 seconds or more)'],
    ['store_close_time', '09:30', 'must differ from the opening time'],
  ])('refuses %s = %s', async (code, value, message) => {
    const res = await save(admin, [{ code, value }]);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe(`configItems.${code}: ${message}`);
  });

  it('refuses unknown codes, duplicates and a mute window with one end', async () => {
    const unknown = await save(admin, [{ code: 'coffee_strength', value: '3' }]);
    expect(unknown.statusCode).toBe(400);
    expect(envelopeOf(unknown).message).toContain(
      'configItems[0].code: must be one of probe_interval_seconds',
    );
    const twice = await save(admin, [
      { code: 'syslog_retention_days', value: '10' },
      { code: 'syslog_retention_days', value: '20' },
    ]);
    expect(envelopeOf(twice).message).toBe('configItems.syslog_retention_days: is given more than once');
    const oneEnd = await save(admin, [{ code: 'alert_mute_end', value: '' }]);
    expect(envelopeOf(oneEnd).message).toBe(
      'configItems.alert_mute_end: must be set together with the other end of the mute window (or both left empty)',
    );
  });

  it("keeps companies apart: company 2's save does not touch company 1", async () => {
    const res = await save(agent, [{ code: 'syslog_retention_days', value: '7' }, { companyId: 1 }], 2);
    expect(res.statusCode).toBe(400);
    const ok = await t.send(
      ConfigEndpoints.update,
      { body: { companyId: 1, configItems: [{ code: 'syslog_retention_days', value: '7' }] } },
      { token: agent, companyId: 2 },
    );
    expect(ok.statusCode).toBe(200);
    expect(envelopeOf<ConfigItem[]>(ok).data.every((i) => i.companyId === 2)).toBe(true);
    expect(settingValue(envelopeOf<ConfigItem[]>(await list(admin)).data, 'syslog_retention_days')).toBe(
      '30',
    );
    expect(settingValue(envelopeOf<ConfigItem[]>(await list(agent, 2)).data, 'syslog_retention_days')).toBe(
      '7',
    );
  });
});
