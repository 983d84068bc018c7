import { AgentValue, type MonitoredDevice, type UnsequencedValue } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { DEFAULT_OPENING_HOURS } from '../daily-pattern';
import { momentAt } from '../moment';
import { localTime, storeDevices, UTC_OFFSET } from '../test-support/store';
import { type DeviceWorld, SimulatedDevice } from './simulated-device';

const store = { hours: DEFAULT_OPENING_HOURS, utcOffsetMinutes: UTC_OFFSET };

function world(seed: string, episodes = true): DeviceWorld {
  return {
    seed,
    simStart: localTime(0),
    hours: DEFAULT_OPENING_HOURS,
    agentVersion: '0.1.0+sim',
    episodes,
    boxDeviceId: '10',
  };
}

/** Runs devices through `days` simulated days in 5-minute cycles. */
function simulate(
  devices: MonitoredDevice[],
  seed: string,
  days: number,
  episodes = true,
): UnsequencedValue[] {
  const sims = devices.map((device) => new SimulatedDevice(device, world(seed, episodes)));
  const out: UnsequencedValue[] = [];
  for (let minute = 0; minute < days * 1440; minute += 5) {
    const simAt = localTime(0) + minute * 60_000;
    const moment = momentAt(simAt, simAt, 300, store);
    for (const sim of sims) sim.cycle(moment, out);
  }
  return out;
}

const manyDevices = (count: number, template: Omit<MonitoredDevice, 'deviceId' | 'intranetIp'>) =>
  Array.from({ length: count }, (_, i) => ({
    ...template,
    deviceId: String(100 + i),
    intranetIp: `127.0.1.${i + 1}`,
  }));

describe('simulated devices', () => {
  it('produce values that all parse with the contract schemas over two store days', () => {
    const values = simulate(storeDevices(), 'schema', 2);
    expect(new Set(values.map((v) => v.kind))).toEqual(new Set(['reachability', 'snmp', 'host', 'syslog']));
    values.forEach((value, i) => {
      const parsed = AgentValue.safeParse({ ...value, seq: i + 1 });
      expect(parsed.error?.message ?? 'valid').toBe('valid');
    });
  });

  it('go offline in occasional episodes: a few devices are flaky, most stay up', () => {
    const devices = manyDevices(60, {
      deviceName: 'Camera',
      connectType: 4,
      port: 161,
      community: 'public',
      productType: null,
      deviceSystem: null,
    });
    const echoes = simulate(devices, 'episodes', 7).filter((v) => v.kind === 'reachability');
    const offlineShare = new Map<string, number>();
    for (const echo of echoes) {
      if (!echo.online)
        offlineShare.set(echo.deviceId, (offlineShare.get(echo.deviceId) ?? 0) + 1 / (7 * 288));
      if (!echo.online) expect(echo).toMatchObject({ delayMs: null, jitterMs: null, lossRate: 1 });
    }
    expect(offlineShare.size).toBeGreaterThan(0);
    const mostlyUp = devices.filter((d) => (offlineShare.get(d.deviceId) ?? 0) < 0.01);
    expect(mostlyUp.length).toBeGreaterThan(devices.length / 2);
    expect(echoes.filter((e) => !e.online).length / echoes.length).toBeLessThan(0.05);
  });

  it('an SNMP device that is offline reports a timeout with no figures', () => {
    const switches = manyDevices(10, {
      deviceName: 'Switch',
      connectType: 2,
      port: 161,
      community: 'public',
      productType: 3,
      deviceSystem: null,
    });
    const polls = simulate(switches, 'snmp-offline', 4).filter((v) => v.kind === 'snmp');
    const down = polls.filter((p) => !p.online);
    expect(down.length).toBeGreaterThan(0);
    for (const poll of down)
      expect(poll).toMatchObject({ error: 'Request timed out', cpuLoad: null, interfaces: [] });
  });

  it('send syslog lines of their kind, hostile-looking text included, exactly as framed', () => {
    const chatty = [
      { ...storeDevices()[0], deviceId: '21', connectType: 3, intranetIp: '127.0.0.21' } as MonitoredDevice,
      { ...storeDevices()[3], deviceId: '22', intranetIp: '127.0.0.22' } as MonitoredDevice,
    ];
    const lines = simulate(chatty, 'syslog', 7).filter((v) => v.kind === 'syslog');
    const switchLines = lines.filter((l) => l.deviceId === '21').map((l) => l.message);
    const printerLines = lines.filter((l) => l.deviceId === '22').map((l) => l.message);
    expect(switchLines.some((m) => m.includes('changed state to down'))).toBe(true);
    expect(switchLines.some((m) => m.startsWith('Login failed'))).toBe(true);
    expect(printerLines).toContain('Paper out');
    expect(lines.some((l) => /<script>|<img|DROP TABLE|^=cmd/.test(l.message))).toBe(true);
    for (const line of lines) {
      expect(line.raw.endsWith(line.message)).toBe(true);
      expect(line.hostIp).toBe(line.deviceId === '21' ? '127.0.0.21' : '127.0.0.22');
    }
  });

  it('keep the same profile for the same seed and device, whatever other devices the store has', () => {
    const [camera] = storeDevices().filter((d) => d.deviceId === '15');
    if (!camera) throw new Error('test store has no camera');
    const alone = simulate([camera], 'stable', 1).filter((v) => v.deviceId === '15');
    const withOthers = simulate(storeDevices(), 'stable', 1).filter((v) => v.deviceId === '15');
    expect(withOthers).toEqual(alone);
  });
});
