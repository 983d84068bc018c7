// Running info, Android statistics, remote URL and syslog paging over HTTP, with values written
// through the real ingest service. Live updates: device-events.test.ts.
import type { AgentValue, EloDeviceStatistic, RemoteUrl, RunningItem } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLinkFixture, type LinkFixture } from '../../engine/hub/test-support/link-fixture.repository';
import { ingestValues, type Reporter } from '../../engine/ingest/ingest.service';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { getRemoteUrl } from './elo-device.service';

let t: TestApp;
let fixture: LinkFixture;
let box: Reporter;
let token: string;
let seq = Date.now() * 1000;
const RUNNING = '/api/device-service/aibox/deviceRunningInfo';

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  box = { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' };
  token = await t.signIn('admin');
});
afterAll(() => t.close());

const get = async <T>(url: string, auth = token) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(auth) });
  return { status: res.statusCode, body: envelopeOf<T>(res) };
};

const hostValue = (deviceId: number, at: number): AgentValue => ({
  kind: 'host',
  deviceId: String(deviceId),
  seq: ++seq,
  at,
  agentVersion: '1.0.0',
  hostname: 'tablet-7',
  platform: 'android',
  osRelease: '14',
  cpu: {
    architecture: 'arm64',
    model: 'Cortex-A78',
    uptime: '3600',
    coreNumber: 8,
    frequency: 2400,
    loadAverages: [2, 1.5, 1],
  },
  memory: [
    { type: 'Mem', total: '4000000', used: '1000000', free: '3000000' },
    { type: 'Swap', total: '0', used: '0', free: '0' },
  ],
  disks: [
    {
      filesystem: '/dev/block/dm-5',
      size: '1000',
      used: '250',
      available: '750',
      usedPercent: '25%',
      mountedOn: '/data',
    },
  ],
  battery: {
    acPowered: false,
    usbPowered: true,
    wirelessPowered: false,
    health: 2,
    level: 80,
    maxChargingCurrent: 500000,
    maxChargingVoltage: 5000000,
    scale: 100,
    status: 2,
    temperature: 310,
    voltage: 4100,
    technology: 'Li-ion',
  },
});

describe('running info', () => {
  it('shows an Android device’s battery, CPU, memory and disks from its last host report', async () => {
    const tablet = { deviceId: fixture.posId, shopId: fixture.shopId, mode: 'device' as const };
    await ingestValues(t.parts, tablet, [hostValue(fixture.posId, Date.now())]);
    const { status, body } = await get<EloDeviceStatistic>(
      `${RUNNING}/getEloDeviceStatistic?deviceId=${fixture.posId}`,
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      deviceId: fixture.posId,
      onlineStatus: 1,
      battery: { level: 80, technology: 'Li-ion', usbPowered: true },
      cpu: { coreNumber: 8, loadAverages: [2, 1.5, 1] },
      disks: [{ mountedOn: '/data', usedPercent: '25%' }],
    });
    expect(body.data.memory.map((m) => m.type)).toEqual(['Mem', 'Swap']);
    const items = (await get<RunningItem[]>(`${RUNNING}/getRunninginfo?deviceId=${fixture.posId}`)).body.data;
    expect(items.find((i) => i.itemid === 'memory.used')).toMatchObject({ value: '25', units: '%' });
    expect(items.find((i) => i.itemid === 'cpu.load')).toMatchObject({ value: '25' });
    expect(items.find((i) => i.itemid === 'battery.level')).toMatchObject({ value: '80' });
    expect(items.some((i) => i.itemid === 'host.info')).toBe(false);
    // The structures are the last report only: raw history keeps the numbers, not the document.
    const history = await t.ctx.db
      .selectFrom('device_metrics')
      .select('item')
      .distinct()
      .where('device_id', '=', fixture.posId)
      .execute();
    expect(history.map((row) => row.item)).toContain('battery.level');
    expect(history.map((row) => row.item)).not.toContain('host.info');
  });

  it('answers empty structures for a device that never reported', async () => {
    const { body } = await get<EloDeviceStatistic>(
      `${RUNNING}/getEloDeviceStatistic?deviceId=${fixture.switchId}`,
    );
    expect(body.data).toMatchObject({ battery: null, cpu: null, memory: [], disks: [], reportTime: null });
  });

  it('returns the last 20 points of an item, oldest first, and the latest 30 online points', async () => {
    const start = Date.now() - 60 * 60_000;
    const values: AgentValue[] = [];
    for (let i = 0; i < 35; i++) {
      values.push({
        kind: 'reachability',
        deviceId: String(fixture.posId),
        seq: ++seq,
        at: start + i * 60_000,
        online: i % 10 !== 9,
        delayMs: i % 10 !== 9 ? i : null,
        jitterMs: null,
        lossRate: i % 10 !== 9 ? 0 : 1,
      });
    }
    await ingestValues(t.parts, box, values);
    const history = (
      await get<Array<{ clock: string; value: string }>>(
        `${RUNNING}/getRunninginfos?deviceId=${fixture.posId}&itemid=icmp.delay&value_type=0`,
      )
    ).body.data;
    expect(history).toHaveLength(20);
    expect(history.at(-1)?.value).toBe('34');
    expect((history[0]?.clock ?? '') < (history.at(-1)?.clock ?? '')).toBe(true);
    const chart = (
      await get<Array<{ clock: string; value: string }>>(
        `${RUNNING}/getOnlineChart?deviceId=${fixture.posId}`,
      )
    ).body.data;
    expect(chart).toHaveLength(30);
    expect(chart.filter((p) => p.value === '0')).toHaveLength(3);
  });

  it('returns the last 20 points of an item also when most are days old', async () => {
    // Fewer than 20 points in the last two days: the points before them fill the 20.
    const ping = (at: number, delayMs: number): AgentValue => ({
      kind: 'reachability',
      deviceId: String(fixture.switchId),
      seq: ++seq,
      at,
      online: true,
      delayMs,
      jitterMs: null,
      lossRate: 0,
    });
    const daysAgo = Date.now() - 10 * 86_400_000;
    const hourAgo = Date.now() - 60 * 60_000;
    await ingestValues(t.parts, box, [
      ...Array.from({ length: 15 }, (_, i) => ping(daysAgo + i * 60_000, 100 + i)),
      ...Array.from({ length: 10 }, (_, i) => ping(hourAgo + i * 60_000, i)),
    ]);
    const history = (
      await get<Array<{ clock: string; value: string }>>(
        `${RUNNING}/getRunninginfos?deviceId=${fixture.switchId}&itemid=icmp.delay&value_type=0`,
      )
    ).body.data;
    expect(history.map((p) => p.value)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => String(105 + i)),
      ...Array.from({ length: 10 }, (_, i) => String(i)),
    ]);
  });

  it('says remote control is not configured, or builds the URL from the template', async () => {
    await t.ctx.db.updateTable('devices').set({ enable_remote: 1 }).where('id', '=', fixture.posId).execute();
    const reply = await get<RemoteUrl>(`${RUNNING}/getRemoteUrl?eloDeviceId=${fixture.posId}`);
    // The test configuration sets no template (config.remoteControlUrlTemplate).
    expect(reply.body.data).toMatchObject({
      configured: false,
      url: null,
      reason: expect.stringContaining('not configured'),
    });
    const scope = { companyId: fixture.companyId, storeIds: null, levelIds: null };
    const built = await getRemoteUrl(
      t.ctx,
      scope,
      fixture.posId,
      'http://127.0.0.1:9000/remote?device={deviceId}&ip={intranetIp}',
    );
    expect(built).toMatchObject({
      configured: true,
      url: `http://127.0.0.1:9000/remote?device=${fixture.posId}&ip=127.0.0.2`,
    });
    await t.ctx.db.updateTable('devices').set({ enable_remote: 0 }).where('id', '=', fixture.posId).execute();
    const off = await getRemoteUrl(t.ctx, scope, fixture.posId, 'http://127.0.0.1:9000/{deviceId}');
    expect(off).toMatchObject({ configured: false, reason: expect.stringContaining('turned off') });
  });

  it('refuses a syslog range whose end is before its start, naming the field', async () => {
    const { status, body } = await get(
      `/api/device-service/aibox/device/syslog/listDeviceLog?deviceId=${fixture.switchId}&startDatetime=2026-01-02%2000:00:00&endDatetime=2026-01-01%2000:00:00`,
    );
    expect(status).toBe(400);
    expect(body.message).toContain('endDatetime');
  });

  it('hides another company’s device with 404', async () => {
    for (const call of ['getOnlineChart', 'getEloDeviceStatistic', 'getRunninginfo']) {
      expect((await get(`${RUNNING}/${call}?deviceId=${fixture.foreignId}`)).status).toBe(404);
    }
  });
});
