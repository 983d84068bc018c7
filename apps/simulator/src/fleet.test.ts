import { HubPeer } from '@storefleet/agent-link/test-support/hub-peer';
import { WAIT } from '@storefleet/agent-link/test-support/wait';
import {
  AgentValue,
  NetTestResult,
  PingIpResult,
  ReloadConfigResult,
  type AgentValue as Value,
} from '@storefleet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type Fleet, startFleet } from './fleet';
import { NotLoopbackError } from './loopback';
import {
  BOX_ID,
  BOX_KEY,
  localTime,
  OTHER_KEY,
  SHOP_ID,
  storeDevices,
  UTC_OFFSET,
} from './test-support/store';

const hubs: HubPeer[] = [];
const fleets: Fleet[] = [];

afterEach(async () => {
  await Promise.all(fleets.splice(0).map((fleet) => fleet.stop()));
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
});

async function startHub(): Promise<HubPeer> {
  const hub = await HubPeer.start({
    key: BOX_KEY,
    welcome: { deviceId: BOX_ID, shopId: SHOP_ID, intervalSeconds: 60, devices: storeDevices() },
  });
  hubs.push(hub);
  return hub;
}

function fleetOf(hub: HubPeer, extra: Partial<Parameters<typeof startFleet>[0]> = {}): Fleet {
  const fleet = startFleet({
    serverUrl: hub.url,
    boxes: [{ key: BOX_KEY }],
    intervalSeconds: 0.05,
    utcOffsetMinutes: UTC_OFFSET,
    reconnect: { baseMs: 10, capMs: 50 },
    ...extra,
  });
  fleets.push(fleet);
  return fleet;
}

const keyOf = (v: Value) => `${v.deviceId}:${v.seq}`;
const ofDevice = <K extends Value['kind']>(hub: HubPeer, deviceId: string, kind: K) =>
  hub.received.filter((v): v is Extract<Value, { kind: K }> => v.deviceId === deviceId && v.kind === kind);

describe('simulated fleet against a hub peer', () => {
  it('each box says hello with its own key; a box the hub refuses does not hold up the others', async () => {
    const hub = await startHub();
    const fleet = fleetOf(hub, { boxes: [{ key: BOX_KEY }, { key: OTHER_KEY }] });
    await vi.waitFor(() => {
      expect(hub.hellos.map((h) => h.key).sort()).toEqual([BOX_KEY, OTHER_KEY].sort());
      expect(hub.received.length).toBeGreaterThan(0);
      expect(fleet.stats().perBox.map((b) => [b.deviceId, b.state])).toEqual([
        [BOX_ID, 'linked'],
        [null, 'refused'],
      ]);
    }, WAIT);
    expect(hub.hellos.every((h) => h.mode === 'box' && h.protocolVersion === 1)).toBe(true);
    expect(fleet.stats().linked).toBe(1);
  });

  it('after welcome reports valid values for every device of its store by connect type', async () => {
    const hub = await startHub();
    fleetOf(hub, { episodes: false });
    await vi.waitFor(() => {
      for (const id of ['11', '12', '13', '14', '15'])
        expect(ofDevice(hub, id, 'reachability').length).toBeGreaterThan(1);
      expect(ofDevice(hub, BOX_ID, 'agentStats').length).toBeGreaterThan(1);
    }, WAIT);
    for (const value of hub.received) expect(AgentValue.safeParse(value).success).toBe(true);
    expect(ofDevice(hub, '16', 'reachability')).toEqual([]); // no address, nothing to ping
    expect(ofDevice(hub, '11', 'snmp')[0]).toMatchObject({ online: true, sysName: 'core-switch' });
    expect(ofDevice(hub, '12', 'host')[0]?.battery).toBeNull();
    expect(ofDevice(hub, '13', 'host')[0]?.battery).toMatchObject({ scale: 100 });
    expect(ofDevice(hub, '16', 'host')[0]).toMatchObject({ platform: 'win32' });
    expect(ofDevice(hub, BOX_ID, 'host')[0]?.agentVersion).toMatch(/\+sim$/);
    const uptimes = ofDevice(hub, '11', 'snmp').map((v) => v.sysUpTimeSeconds);
    expect(uptimes.at(-1)).toBeGreaterThanOrEqual(uptimes[0] ?? Number.POSITIVE_INFINITY);
  });

  it('resends unacked values with the same seqs after the hub drops the link', async () => {
    const hub = await startHub();
    hub.holdAcks = true;
    const fleet = fleetOf(hub, { episodes: false });
    await vi.waitFor(() => expect(hub.received.length).toBeGreaterThanOrEqual(30), WAIT);
    const unacked = hub.received.slice();
    hub.holdAcks = false;
    hub.dropConnections();
    await vi.waitFor(() => {
      for (const value of unacked) {
        const copies = hub.received.filter((v) => keyOf(v) === keyOf(value));
        expect(copies.length).toBeGreaterThanOrEqual(2);
        expect(copies[1]).toEqual(value);
      }
    }, WAIT);
    expect(hub.hellos).toHaveLength(2);
    expect(fleet.stats().resent).toBeGreaterThanOrEqual(unacked.length);
  });

  it('does not resend values the hub acked before the link dropped', async () => {
    const hub = await startHub();
    const fleet = fleetOf(hub, { episodes: false });
    await vi.waitFor(() => expect(hub.acked.size).toBeGreaterThanOrEqual(30), WAIT);
    // The hub stops acking; once the box has applied every ack already on the way, both agree on what is acked.
    hub.holdAcks = true;
    await vi.waitFor(() => expect(fleet.stats().acked).toBe(hub.acked.size), WAIT);
    const acked = [...hub.acked];
    const generatedBeforeDrop = fleet.stats().generated;
    hub.holdAcks = false;
    hub.dropConnections();
    // Everything made before the drop acked on the new link: any resend of it has reached the hub by now.
    await vi.waitFor(() => {
      expect(hub.hellos).toHaveLength(2);
      expect(fleet.stats().acked).toBeGreaterThanOrEqual(generatedBeforeDrop);
    }, WAIT);
    const seen = new Map<string, number>();
    for (const value of hub.received) seen.set(keyOf(value), (seen.get(keyOf(value)) ?? 0) + 1);
    expect(acked.filter((key) => seen.get(key) !== 1)).toEqual([]);
  });

  it('a store outage drops the link, keeps the values made meanwhile and delivers them all afterwards', async () => {
    const hub = await startHub();
    // 600× time: each 50 ms cycle is 30 simulated seconds, an outage of minutes lasts a fraction of a second.
    const fleet = fleetOf(hub, { timeScale: 600, storeOutagesPerDay: 100, seed: 'outage' });
    let generatedWhileOut = 0;
    await vi.waitFor(
      () => {
        const box = fleet.stats().perBox[0];
        if (box?.state === 'outage' && box.depth > 0) generatedWhileOut = box.generated;
        expect(generatedWhileOut).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 5 },
    );
    await vi.waitFor(
      () => {
        expect(hub.hellos.length).toBeGreaterThanOrEqual(2);
        expect(fleet.stats().acked).toBeGreaterThanOrEqual(generatedWhileOut);
      },
      { timeout: 20_000 },
    );
    for (const deviceId of ['11', '15', BOX_ID]) {
      const seqs = [...hub.stored.values()].filter((v) => v.deviceId === deviceId).map((v) => v.seq);
      const first = Math.min(...seqs);
      expect(seqs.length).toBe(Math.max(...seqs) - first + 1); // no value lost on the way
    }
  });

  it('is busier at noon than at 03:00 for the same seeded store', async () => {
    const firstValues = async (hour: number) => {
      const hub = await startHub();
      fleetOf(hub, { seed: 'pattern', startAt: localTime(hour), episodes: false });
      await vi.waitFor(() => {
        expect(ofDevice(hub, '12', 'host').length).toBeGreaterThan(0);
        expect(ofDevice(hub, '11', 'snmp').length).toBeGreaterThan(0);
      }, WAIT);
      const pos = ofDevice(hub, '12', 'host')[0];
      const snmp = ofDevice(hub, '11', 'snmp')[0];
      if (!pos || !snmp) throw new Error('missing values');
      const memUsed = Number(pos.memory.find((m) => m.type === 'Mem')?.used);
      return { load: pos.cpu.loadAverages[0] ?? 0, memUsed, cpuLoad: snmp.cpuLoad ?? 0 };
    };
    const noon = await firstValues(12);
    const night = await firstValues(3);
    expect(noon.load).toBeGreaterThan(night.load * 2);
    expect(noon.memUsed).toBeGreaterThan(night.memUsed);
    expect(noon.cpuLoad).toBeGreaterThan(night.cpuLoad + 5);
  });

  it('repeats its values for the same seed and start time, and not for another seed', async () => {
    // 03:00 is flat night time, so the few milliseconds between runs cannot change the pattern.
    const profile = async (seed: string) => {
      const hub = await startHub();
      fleetOf(hub, { seed, startAt: localTime(3) });
      await vi.waitFor(() => expect(ofDevice(hub, '12', 'host').length).toBeGreaterThan(0), WAIT);
      const first = (kind: Value['kind'], id: string) =>
        hub.received.find((v) => v.kind === kind && v.deviceId === id);
      const pos = first('host', '12');
      const switchPoll = first('snmp', '11');
      const echo = first('reachability', '15');
      if (pos?.kind !== 'host' || switchPoll?.kind !== 'snmp' || echo?.kind !== 'reachability')
        throw new Error('missing');
      return {
        pos: [pos.cpu.model, pos.cpu.loadAverages, pos.memory],
        snmp: [switchPoll.sysDescr, switchPoll.cpuLoad, switchPoll.memoryUsedBytes, switchPoll.interfaces],
        echo: [echo.online, echo.delayMs, echo.jitterMs],
      };
    };
    const first = await profile('same');
    expect(await profile('same')).toEqual(first);
    expect(await profile('other')).not.toEqual(first);
  });

  it('answers ping, reloadConfig and unsupported commands', async () => {
    const hub = await startHub();
    fleetOf(hub, { episodes: false });
    await vi.waitFor(() => expect(hub.received.length).toBeGreaterThan(0), WAIT);

    const loopback = await hub.command({ name: 'pingIp', ipAddress: '127.0.0.1' });
    expect(loopback.ok).toBe(true);
    const result = PingIpResult.parse(loopback.ok ? loopback.result : null);
    expect(result).toMatchObject({ isOnline: 1, pingUrl: '127.0.0.1', packetLossRate: 0 });
    expect(result.delayTime).not.toBeNull();

    const elsewhere = await hub.command({ name: 'pingIp', ipAddress: '0.0.0.0' });
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'FAILED' } });
    const notIp = await hub.command({ name: 'pingIp', ipAddress: 'printer.local' });
    expect(notIp).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });

    hub.config = {
      intervalSeconds: 60,
      devices: [
        ...storeDevices(),
        {
          deviceId: '17',
          deviceName: 'Scale',
          connectType: 4,
          intranetIp: '127.0.0.17',
          port: 161,
          community: 'public',
          productType: null,
          deviceSystem: null,
        },
      ],
    };
    const reload = await hub.command({ name: 'reloadConfig' });
    expect(ReloadConfigResult.parse(reload.ok ? reload.result : null)).toEqual({
      devices: 7,
      intervalSeconds: 1,
    });
    await vi.waitFor(() => expect(ofDevice(hub, '17', 'reachability').length).toBeGreaterThan(0), WAIT);

    const netTest = await hub.command({
      name: 'netTest',
      targets: [
        { addressId: '1', pingHost: '127.0.0.1', downloadUrl: 'http://127.0.0.1:9/down' },
        { addressId: '2', pingHost: 'localhost' },
      ],
    });
    const figures = NetTestResult.parse(netTest.ok ? netTest.result : null).targets;
    expect(figures.map((f) => f.addressId)).toEqual(['1', '2']);
    expect(figures[0]?.delayMs).toBeGreaterThan(0);
    // Nothing listens on the loopback download URL: the simulator really tries it, so that part failed.
    expect(figures[0]).toMatchObject({ downloadBytesPerSecond: null, downloadError: expect.any(String) });
    expect(figures[1]).toMatchObject({ downloadBytesPerSecond: null, uploadBytesPerSecond: null });
    expect(await hub.command({ name: 'upgrade' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    for (const name of ['selfDestruct']) {
      expect(await hub.command({ name })).toMatchObject({
        ok: false,
        error: { code: 'UNSUPPORTED_COMMAND' },
      });
    }
  });

  it('in burst mode sends values as fast as the acks allow and counts what was acked', async () => {
    const hub = await startHub();
    const fleet = fleetOf(hub, { burst: { batchSize: 250, valuesPerBox: 3000 } });
    const stats = await fleet.drained();
    expect(stats).toMatchObject({ generated: 3000, acked: 3000, depth: 0, dropped: 0 });
    expect(stats.valuesPerSecond).toBeGreaterThan(0);
    expect(hub.stored.size).toBe(3000);
    expect(hub.received.every((v) => AgentValue.safeParse(v).success)).toBe(true);
  });

  it('refuses to start against a server that is not on this machine', () => {
    for (const serverUrl of ['http://0.0.0.0:8080', 'http://[::]:8080', 'not a url']) {
      expect(() => startFleet({ serverUrl, boxes: [{ key: BOX_KEY }] })).toThrow(NotLoopbackError);
    }
  });
});
