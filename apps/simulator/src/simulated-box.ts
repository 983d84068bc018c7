import type { AgentConfig, MonitoredDevice, UnsequencedValue, WelcomeMessage } from '@storefleet/contracts';

import { answerCommand } from './commands';
import type { OpeningHours } from './daily-pattern';
import { Episodes } from './devices/episodes';
import { HostMetrics } from './devices/host-metrics';
import { PRODUCT, SYSTEM } from './devices/names';
import { type DeviceWorld, SimulatedDevice } from './devices/simulated-device';
import { BoxLink, type LinkState } from './link/box-link';
import { MemoryOutbox } from './link/memory-outbox';
import type { Log } from './log';
import { type Moment, momentAt, type SimClock } from './moment';
import { Rng } from './random';
import { serverOfLink, simulatedUpgrade } from './upgrade';
import { SIMULATED_AGENT_VERSION } from './version';

export interface BurstOptions {
  /** Values per `results` batch (1–1000). */
  batchSize: number;
  /** Batches sent ahead of the acks (default 4). */
  maxInFlight?: number;
  /** Stop generating after this many values per box (default: never stop). */
  valuesPerBox?: number;
  /** `store`: every kind, as in normal mode (default); `reachability`: only the cheapest, commonest kind. */
  mix?: 'store' | 'reachability';
}

export interface SimulatedBoxOptions {
  linkUrl: string;
  key: string;
  /** Position in the fleet, for the hostname in hello. */
  index: number;
  seed: string | number;
  clock: SimClock;
  /** Overrides the interval the server sends, seconds. */
  intervalSeconds?: number;
  timeScale: number;
  hours: OpeningHours;
  utcOffsetMinutes: number;
  /** Offline episodes and store outages (default on; always off in burst mode). */
  episodes: boolean;
  /** How often a store loses its link, per simulated day. */
  storeOutagesPerDay: number;
  burst?: BurstOptions;
  log: Log;
  backoff: { baseMs: number; capMs: number };
  refusedRetryMs: number;
  maxBuffered: number;
  /** Called after every ack (the fleet watches burst runs drain). */
  onAcked?: () => void;
  /** Spoil the upgrade package this box downloads (checksum mismatch), for tests and the demo. */
  corruptUpgrade?: boolean;
}

export interface BoxStats {
  index: number;
  /** The box's device id and store, once welcomed. */
  deviceId: string | null;
  shopId: string | null;
  state: LinkState;
  devices: number;
  generated: number;
  acked: number;
  resent: number;
  dropped: number;
  /** Values waiting for an ack. */
  depth: number;
  outages: number;
  linkDrops: number;
  /** The version the box reports (switched by an installed upgrade). */
  agentVersion: string;
}

/**
 * One simulated store box: links with its key, learns its store's devices from `welcome`/`config`, and
 * every interval reports simulated values for them (or, in burst mode, as fast as the acks allow),
 * plus its own host metrics and counters. Now and then the whole store loses its link for a few
 * simulated minutes; values made meanwhile wait in the outbox and go out when it is back.
 */
export class SimulatedBox {
  readonly link: BoxLink;
  private readonly outbox: MemoryOutbox;
  private readonly devices = new Map<string, SimulatedDevice>();
  private boxDeviceId: string | null = null;
  private shopId: string | null = null;
  private serverInterval = 60;
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private lastSimAt: number | null = null;
  private outage: Episodes | null = null;
  private outages = 0;
  private self: HostMetrics | null = null;
  private readonly rng: Rng;
  private stopped = false;
  /** The version hello and the host values report: switched by an installed upgrade. */
  private agentVersion = SIMULATED_AGENT_VERSION;

  constructor(private readonly options: SimulatedBoxOptions) {
    this.rng = Rng.derive(options.seed, `box-link:${options.index}`);
    this.outbox = new MemoryOutbox(options.maxBuffered);
    const burst = options.burst;
    this.link = new BoxLink({
      url: options.linkUrl,
      key: options.key,
      hostname: `storefleet-sim-${options.index + 1}`,
      agentVersion: () => this.agentVersion,
      outbox: this.outbox,
      log: (level, message) => options.log(level, `box ${options.index + 1}: ${message}`),
      rng: this.rng,
      batchSize: burst?.batchSize ?? 500,
      maxInFlight: burst?.maxInFlight ?? 4,
      backoff: options.backoff,
      refusedRetryMs: options.refusedRetryMs,
      onWelcome: (welcome) => this.welcomed(welcome),
      onConfig: (config) => this.configure(config),
      onCommand: (message) =>
        answerCommand(message, {
          simulatedPing: (ip) => this.simulatedPing(ip),
          netTestLine: () => ({ seed: this.options.seed, shopId: this.shopId }),
          upgrade: async (command) => {
            const result = await simulatedUpgrade(command, {
              server: serverOfLink(options.linkUrl),
              key: options.key,
              corrupt: options.corruptUpgrade ?? false,
            });
            // "+sim" build metadata, as before the upgrade, so a simulated box stays recognisable.
            this.agentVersion = `${result.version}+sim`;
            this.self?.setAgentVersion(this.agentVersion);
            return result;
          },
          reloadConfig: async () => {
            const config = await this.link.requestConfig();
            // Whole seconds, as the contract has it; sub-second intervals exist only in tests.
            return {
              devices: config.devices.length,
              intervalSeconds: Math.max(1, Math.round(this.intervalSeconds())),
            };
          },
        }),
      onRoom: burst ? () => this.burstCycle(burst) : undefined,
      onAcked: options.onAcked,
    });
  }

  start(): void {
    this.link.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.link.stop();
  }

  /** Burst mode: every value generated and acked. */
  get drained(): boolean {
    const limit = this.options.burst?.valuesPerBox;
    return limit !== undefined && this.outbox.totals.appended >= limit && this.outbox.depth() === 0;
  }

  stats(): BoxStats {
    const totals = this.outbox.totals;
    return {
      index: this.options.index,
      deviceId: this.boxDeviceId,
      shopId: this.shopId,
      state: this.link.state,
      devices: this.devices.size,
      generated: totals.appended,
      acked: totals.acked,
      resent: totals.resent,
      dropped: totals.dropped,
      depth: this.outbox.depth(),
      outages: this.outages,
      linkDrops: this.link.counters.drops,
      agentVersion: this.agentVersion,
    };
  }

  private welcomed(welcome: WelcomeMessage): void {
    if (this.boxDeviceId !== welcome.deviceId) {
      this.boxDeviceId = welcome.deviceId;
      const world = this.world();
      const self: MonitoredDevice = {
        deviceId: welcome.deviceId,
        deviceName: `box-${welcome.deviceId}`,
        connectType: 1,
        intranetIp: '',
        port: 161,
        community: 'public',
        productType: PRODUCT.AI_BOX,
        deviceSystem: SYSTEM.LINUX,
      };
      const boxRng = Rng.derive(this.options.seed, `box:${welcome.deviceId}`);
      this.self = new HostMetrics(boxRng, self, world.simStart, world.hours, this.agentVersion);
      this.outage =
        this.options.episodes && !this.options.burst
          ? new Episodes(boxRng, { ratePerDay: this.options.storeOutagesPerDay, meanMinutes: 4 })
          : null;
    }
    this.shopId = welcome.shopId;
    this.configure(welcome);
    if (!this.ticking && !this.options.burst) {
      this.ticking = true;
      this.tick();
    }
  }

  private configure(config: AgentConfig): void {
    this.serverInterval = config.intervalSeconds;
    const world = this.world();
    const seen = new Set<string>();
    for (const device of config.devices) {
      seen.add(device.deviceId);
      const existing = this.devices.get(device.deviceId);
      if (existing) existing.update(device);
      else this.devices.set(device.deviceId, new SimulatedDevice(device, world));
    }
    for (const deviceId of [...this.devices.keys()]) if (!seen.has(deviceId)) this.devices.delete(deviceId);
  }

  private world(): DeviceWorld {
    return {
      seed: this.options.seed,
      simStart: this.options.clock.sim(),
      hours: this.options.hours,
      agentVersion: SIMULATED_AGENT_VERSION,
      episodes: this.options.episodes && !this.options.burst,
      boxDeviceId: this.boxDeviceId ?? '',
    };
  }

  private intervalSeconds(): number {
    return this.options.intervalSeconds ?? this.serverInterval;
  }

  private tick(): void {
    if (this.stopped) return;
    const simAt = this.options.clock.sim();
    const step =
      this.lastSimAt === null
        ? this.intervalSeconds() * this.options.timeScale
        : (simAt - this.lastSimAt) / 1000;
    this.lastSimAt = simAt;
    this.cycle(this.moment(Date.now(), simAt, step));
    this.timer = setTimeout(() => this.tick(), this.intervalSeconds() * 1000);
  }

  private burstCycle(burst: BurstOptions): void {
    const limit = burst.valuesPerBox ?? Number.POSITIVE_INFINITY;
    const step = this.intervalSeconds() * this.options.timeScale;
    // Burst time runs as fast as values are made: one interval of simulated time per cycle.
    const want = Math.min(burst.batchSize, limit - this.outbox.totals.appended);
    const values: UnsequencedValue[] = [];
    while (values.length < want) {
      const simAt = (this.lastSimAt ?? this.options.clock.sim()) + step * 1000;
      this.lastSimAt = simAt;
      const before = values.length;
      const moment = this.moment(Date.now(), simAt, step);
      if (burst.mix === 'reachability')
        for (const device of this.devices.values()) device.echo(moment, values);
      else this.collect(moment, values);
      if (values.length === before) break;
    }
    if (values.length > 0) this.outbox.append(values.slice(0, want));
  }

  private cycle(moment: Moment): void {
    if (this.outage) {
      const wasOut = this.outage.active;
      const out = this.outage.step(moment.simAt, moment.stepSeconds);
      if (out && !wasOut) {
        this.outages++;
        this.options.log('info', `box ${this.options.index + 1}: simulated store outage starts`);
        this.link.cut();
      } else if (!out && wasOut) {
        this.link.resume();
      }
    }
    const values: UnsequencedValue[] = [];
    this.collect(moment, values);
    this.outbox.append(values);
    this.link.pump();
  }

  private collect(moment: Moment, values: UnsequencedValue[]): void {
    for (const device of this.devices.values()) device.cycle(moment, values);
    if (this.self && this.boxDeviceId) {
      values.push(this.self.report(this.boxDeviceId, moment));
      // Syslog from an address that matches no device: a misconfigured sender, counted not stored.
      const unmatched = this.rng.chance(0.02) ? 1 : 0;
      values.push({
        kind: 'agentStats',
        deviceId: this.boxDeviceId,
        at: moment.at,
        syslogUnmatched: unmatched,
        syslogUnmatchedSenders: unmatched ? ['127.0.0.250'] : [],
        bufferDropped: this.outbox.takeDropped(),
        bufferDepth: this.outbox.depth(),
      });
    }
  }

  private moment(at: number, simAt: number, stepSeconds: number): Moment {
    return momentAt(at, simAt, stepSeconds, {
      hours: this.options.hours,
      utcOffsetMinutes: this.options.utcOffsetMinutes,
    });
  }

  private simulatedPing(ip: string) {
    for (const device of this.devices.values()) {
      if (device.intranetIp === ip) return device.ping(this.moment(Date.now(), this.options.clock.sim(), 0));
    }
    return null;
  }
}
