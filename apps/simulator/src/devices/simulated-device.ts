import type { MonitoredDevice, UnsequencedValue } from '@storefleet/contracts';

import type { OpeningHours } from '../daily-pattern';
import type { Moment } from '../moment';
import { Rng } from '../random';
import { Episodes } from './episodes';
import { HostMetrics } from './host-metrics';
import { hostnameOf, SYSTEM } from './names';
import { type EchoResult, ReachabilityProfile } from './reachability';
import { SnmpMetrics } from './snmp-metrics';
import { SyslogLines } from './syslog-lines';

export interface DeviceWorld {
  seed: string | number;
  /** Simulated time the run started at (boot times lie before it). */
  simStart: number;
  hours: OpeningHours;
  agentVersion: string;
  /** Offline episodes on (off in burst mode, where a steady stream is the point). */
  episodes: boolean;
  /** The box's own id: the box reports its host metrics itself, not as one of its devices. */
  boxDeviceId: string;
}

// Handhelds, PDAs, forklift and truck computers and tablets are on Wi-Fi.
const WIRELESS_PRODUCTS = new Set([8, 9, 10, 11, 13]);

/**
 * One monitored device of a simulated store. Each probe cycle it yields what the box would report
 * about it by its connect type: reachability for every device with an address, an SNMP poll for SNMP
 * devices, host metrics for Agent/EAgent devices, and now and then syslog lines. A few devices are
 * flaky (frequent short offline episodes), most are stable; a device may come back rebooted.
 */
export class SimulatedDevice {
  private readonly rng: Rng;
  private readonly episodes: Episodes | null;
  private readonly reachability: ReachabilityProfile;
  private readonly snmp: SnmpMetrics | null;
  private readonly host: HostMetrics | null;
  private readonly syslog: SyslogLines;
  /** Pings asked by the server draw from their own stream, so they do not change the cycles' values. */
  private readonly pingRng: Rng;

  constructor(
    private device: MonitoredDevice,
    world: DeviceWorld,
  ) {
    // The device's own stream: its profile and values do not depend on the other devices.
    this.rng = Rng.derive(world.seed, `device:${device.deviceId}`);
    this.pingRng = Rng.derive(world.seed, `ping:${device.deviceId}`);
    const rng = this.rng;
    const flaky = rng.chance(0.1);
    this.episodes = world.episodes
      ? new Episodes(rng, flaky ? { ratePerDay: 8, meanMinutes: 5 } : { ratePerDay: 0.15, meanMinutes: 12 })
      : null;
    const wireless =
      device.deviceSystem === SYSTEM.ANDROID || WIRELESS_PRODUCTS.has(device.productType ?? -1);
    this.reachability = new ReachabilityProfile(rng, { wireless, flaky });
    this.snmp = device.connectType === 2 ? new SnmpMetrics(rng, device, world.simStart) : null;
    const reportsItself = device.connectType === 1 || device.connectType === 5;
    this.host =
      reportsItself && device.deviceId !== world.boxDeviceId
        ? new HostMetrics(rng, device, world.simStart, world.hours, world.agentVersion)
        : null;
    this.syslog = new SyslogLines(rng, device);
  }

  get deviceId(): string {
    return this.device.deviceId;
  }

  get intranetIp(): string {
    return this.device.intranetIp;
  }

  /** The store's config changed this device (a new name or address); its history carries on. */
  update(device: MonitoredDevice): void {
    this.device = device;
    this.snmp?.rename(device);
    this.host?.rename(device);
  }

  /** Appends this cycle's values to `out`. */
  cycle(moment: Moment, out: UnsequencedValue[]): void {
    const offline = this.episodes?.step(moment.simAt, moment.stepSeconds) ?? false;
    if (this.episodes?.justEnded && this.rng.chance(0.4)) {
      this.snmp?.reboot(moment.simAt);
      this.host?.reboot(moment.simAt);
    }
    const { deviceId, intranetIp } = this.device;
    // A box pings every device that has an address; one without cannot be probed.
    if (intranetIp !== '') {
      const echo = this.reachability.echo(moment, offline);
      out.push({ kind: 'reachability', deviceId, at: moment.at, ...echo });
    }
    if (this.snmp) out.push(this.snmp.poll(deviceId, moment, offline));
    if (offline) return;
    if (this.host) out.push(this.host.report(deviceId, moment));
    if (intranetIp !== '') {
      const hostname = hostnameOf(this.device.deviceName, deviceId);
      for (const line of this.syslog.receive(this.device, moment, hostname)) out.push(line);
    }
  }

  /** Only this cycle's reachability (burst mode's cheapest mix); no episodes, no other kinds. */
  echo(moment: Moment, out: UnsequencedValue[]): void {
    const { deviceId, intranetIp } = this.device;
    if (intranetIp !== '')
      out.push({ kind: 'reachability', deviceId, at: moment.at, ...this.reachability.echo(moment, false) });
  }

  /** What pinging the device now would show: its current state, fresh echo timings. */
  ping(moment: Moment): EchoResult {
    return this.reachability.echo(moment, this.episodes?.active ?? false, this.pingRng);
  }
}
