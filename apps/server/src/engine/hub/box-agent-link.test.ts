// Real peers end to end: the server listening on loopback, the real box agent from apps/agent, Debian's
// snmpd as the store switch, `logger` as a syslog sender, and the system ping behind pingIp.
import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { BoxAgent } from '@storefleet/agent';
import { SnmpProbe } from '@storefleet/agent/probes/snmp';
import { type SnmpdPeer, startSnmpd } from '@storefleet/agent/test-support/snmpd';
import { SNMP_PATIENT, WAIT } from '@storefleet/agent/test-support/wait';
import type { DeviceSyslog, PagedResult, PingResult, RunningItem } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { insertLinkFixture, type LinkFixture } from './test-support/link-fixture.repository';

const run = promisify(execFile);

let t: TestApp;
let snmpd: SnmpdPeer;
let fixture: LinkFixture;
let token: string;
let serverUrl: string;
let dataDir: string;
let agent: BoxAgent | null = null;
let syslogPort = 0;

beforeAll(async () => {
  snmpd = await startSnmpd();
  t = await createTestApp({ demo: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  fixture = await insertLinkFixture(t.ctx.db, snmpd);
  token = await t.signIn('admin');
  dataDir = mkdtempSync(join(tmpdir(), 'storefleet-link-'));
  agent = new BoxAgent({
    server: serverUrl,
    key: fixture.boxKey,
    dataDir,
    syslogPort: 0,
    syslogHost: '127.0.0.1',
    intervalSeconds: 5,
    log: () => undefined,
    link: { backoff: { baseMs: 20, capMs: 200 } },
    scheduler: { snmp: new SnmpProbe(SNMP_PATIENT) },
  });
  syslogPort = (await agent.start()).syslogPort;
});

afterAll(async () => {
  await agent?.stop();
  await t?.close();
  await snmpd?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Each test that needs the box waits for its link (and so its device list) itself, whatever ran before. */
const boxLinked = () =>
  vi.waitFor(() => {
    expect(t.ctx.engine.hub.isConnected(fixture.boxId)).toBe(true);
    expect(agent?.runtime.link.connected).toBe(true);
  }, WAIT);

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: envelopeOf<T>(res) };
};

describe('a real box agent linked to the server', () => {
  it('shows the SNMP switch uptime, CPU and memory in running info', async () => {
    await vi.waitFor(
      async () => {
        const { status, body } = await get<RunningItem[]>(
          `/api/device-service/aibox/deviceRunningInfo/getRunninginfo?deviceId=${fixture.switchId}`,
        );
        expect(status).toBe(200);
        const items = new Map(body.data.map((item) => [item.itemid, item]));
        expect(Number(items.get('sysUpTime')?.value)).toBeGreaterThan(0);
        expect(items.get('cpu.load')).toMatchObject({ units: '%', value_type: 0 });
        expect(Number(items.get('memory.used')?.value)).toBeGreaterThan(0);
        expect(items.get('memory.used')?.createDatetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      },
      { timeout: 45_000, interval: 500 },
    );
    const history = await get<Array<{ clock: string; value: string }>>(
      `/api/device-service/aibox/deviceRunningInfo/getRunninginfos?deviceId=${fixture.switchId}&itemid=sysUpTime&value_type=0`,
    );
    expect(history.body.data.length).toBeGreaterThan(0);
    const online = await get<Array<{ clock: string; value: string }>>(
      `/api/device-service/aibox/deviceRunningInfo/getOnlineChart?deviceId=${fixture.switchId}`,
    );
    expect(online.body.data.at(-1)?.value).toBe('1');
    const device = await t.ctx.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', fixture.switchId)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({ online_status: 1 });
    expect(device.first_online_time).toBeGreaterThan(0);
  });

  it('stores RFC 3164 and RFC 5424 lines from logger as text for the device with that IP', async () => {
    await boxLinked();
    const tag = `t${Date.now()}`;
    await run('logger', [
      '--rfc3164',
      '-d',
      '-n',
      '127.0.0.1',
      '-P',
      String(syslogPort),
      '-t',
      'lpd',
      '-p',
      'user.err',
      `${tag} jam <b>tray 2</b> =1+1`,
    ]);
    await run('logger', [
      '--rfc5424',
      '-d',
      '-n',
      '127.0.0.1',
      '-P',
      String(syslogPort),
      '-t',
      'sshd',
      '-p',
      'auth.warning',
      `${tag} login failed for '; drop table devices; --`,
    ]);
    await vi.waitFor(
      async () => {
        const { body } = await get<PagedResult<DeviceSyslog>>(
          `/api/device-service/aibox/device/syslog/listDeviceLog?deviceId=${fixture.switchId}&pageNum=1&pageSize=10`,
        );
        const mine = body.data.list.filter((line) => line.logMessage.includes(tag));
        expect(mine).toHaveLength(2);
      },
      { timeout: 15_000, interval: 300 },
    );
    const { body } = await get<PagedResult<DeviceSyslog>>(
      `/api/device-service/aibox/device/syslog/listDeviceLog?deviceId=${fixture.switchId}&pageNum=1&pageSize=10`,
    );
    const lines = body.data.list.filter((line) => line.logMessage.includes(tag));
    const rfc3164 = lines.find((line) => line.logMessage.includes('<b>'));
    const rfc5424 = lines.find((line) => line.logMessage.includes('drop table'));
    expect(rfc3164).toMatchObject({ hostIp: '127.0.0.1', logLevel: 'err', logPriority: 11 });
    expect(rfc3164?.logMessage).toContain(`${tag} jam <b>tray 2</b> =1+1`);
    expect(rfc5424).toMatchObject({ logLevel: 'warning', logPriority: 4 * 8 + 4 });
    expect(rfc5424?.logContent).toMatch(/^<36>1 /);
    expect(rfc5424?.logDatetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const range = await get<PagedResult<DeviceSyslog>>(
      `/api/device-service/aibox/device/syslog/listDeviceLog?deviceId=${fixture.switchId}&startDatetime=2000-01-01%2000:00:00&endDatetime=2000-12-31%2023:59:59`,
    );
    expect(range.body.data.total).toBe(0);
  });

  it('stores a UDP syslog line carrying NUL without it, and the box’s next line too', async () => {
    await boxLinked();
    const tag = `nul${Date.now()}`;
    const socket = createSocket('udp4');
    const send = (line: string) =>
      new Promise<void>((resolve, reject) =>
        socket.send(Buffer.from(line), syslogPort, '127.0.0.1', (e) => (e ? reject(e) : resolve())),
      );
    await send(`<11>Jan  2 03:04:05 lp1 lpd: ${tag} jam\u0000\u0000 tray\t2`);
    await send(`<14>Jan  2 03:04:06 lp1 lpd: ${tag} next line`);
    socket.close();
    const listed = () =>
      get<PagedResult<DeviceSyslog>>(
        `/api/device-service/aibox/device/syslog/listDeviceLog?deviceId=${fixture.switchId}&pageNum=1&pageSize=20`,
      );
    await vi.waitFor(
      async () => {
        const { body } = await listed();
        expect(body.data.list.filter((line) => line.logMessage.includes(tag))).toHaveLength(2);
      },
      { timeout: 15_000, interval: 300 },
    );
    const mine = (await listed()).body.data.list.filter((line) => line.logMessage.includes(tag));
    expect(mine.map((line) => line.logMessage).sort()).toEqual([`${tag} jam tray\t2`, `${tag} next line`]);
    expect(mine.every((line) => !line.logContent.includes('\u0000'))).toBe(true);
  });

  it('pings 127.0.0.1 through the box and answers the spec Ping result', async () => {
    await boxLinked();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/device-service/aibox/device/queryAnswer/pingIp?deviceId=${fixture.switchId}&ipAddress=127.0.0.1`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const result = envelopeOf<PingResult>(res).data;
    expect(result).toMatchObject({
      deviceId: fixture.switchId,
      isOnline: 1,
      pingUrl: '127.0.0.1',
      packetLossRate: 0,
    });
    expect(result.delayTime).toBeGreaterThan(0);
    expect(result.pingTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses to ping an address that is not the device’s or its box’s', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/device-service/aibox/device/queryAnswer/pingIp?deviceId=${fixture.switchId}&ipAddress=127.0.0.9`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain('ipAddress');
  });

  it('answers 404 for running info and syslog of another company’s device', async () => {
    for (const url of [
      `/api/device-service/aibox/deviceRunningInfo/getRunninginfo?deviceId=${fixture.foreignId}`,
      `/api/device-service/aibox/device/syslog/listDeviceLog?deviceId=${fixture.foreignId}`,
    ]) {
      expect((await get(url)).status).toBe(404);
    }
  });

  it('answers 503 with a clear message when the box is disconnected', async () => {
    await agent?.stop();
    agent = null;
    const hub = t.ctx.engine.hub;
    await vi.waitFor(() => expect(hub.isConnected(fixture.boxId)).toBe(false), WAIT);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/device-service/aibox/device/queryAnswer/pingIp?deviceId=${fixture.switchId}&ipAddress=127.0.0.1`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(503);
    expect(envelopeOf(res)).toMatchObject({ code: 'BOX_OFFLINE', ok: false });
    expect(envelopeOf(res).message).toContain('box is not connected');
  });
});
