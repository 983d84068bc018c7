import { isIP } from 'node:net';

import { pingHost } from '@storefleet/agent-link';
import { ConnectType, type MonitoredDevice, type UnsequencedValue } from '@storefleet/contracts';

import { readHostMetrics } from './host/metrics';
import type { Log } from './log';
import { SnmpProbe } from './probes/snmp';

/** What to probe: the agent's own device and, for a box, its store's monitored devices. */
export interface ProbePlan {
  selfDeviceId: string | null;
  devices: readonly MonitoredDevice[];
  intervalSeconds: number;
}

export interface AgentCounters {
  syslogUnmatched: number;
  syslogUnmatchedSenders: string[];
  bufferDropped: number;
  bufferDepth: number;
}

export interface SchedulerOptions {
  emit: (value: UnsequencedValue) => void;
  log: Log;
  /** Read the battery into host values (device mode). */
  battery: boolean;
  /** The agent's counters since the previous call, reported once per cycle. */
  counters: () => AgentCounters;
  snmp?: SnmpProbe;
  ping?: typeof pingHost;
  /** Devices probed at the same time (default 16). */
  concurrency?: number;
}

/**
 * Runs one probe cycle per interval: every device with an address is pinged for reachability, SNMP
 * devices (connect type 2) are polled too, and the agent reports its own host metrics and counters.
 * Syslog devices (3) need nothing here (they send to the receiver); Agent (1) and EAgent (5) devices
 * report their own host metrics in device mode, and the box still pings them. A cycle that overruns its
 * interval delays the next one instead of piling cycles up.
 */
export class ProbeScheduler {
  private plan: ProbePlan | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private started = false;
  private readonly snmp: SnmpProbe;
  private readonly ping: typeof pingHost;

  constructor(private readonly options: SchedulerOptions) {
    this.snmp = options.snmp ?? new SnmpProbe();
    this.ping = options.ping ?? pingHost;
  }

  /** Sets what to probe. A changed plan starts a cycle at once, so new devices show up without waiting. */
  apply(plan: ProbePlan): void {
    // Every reconnect re-sends the same welcome; that must not trigger extra cycles.
    const unchanged = JSON.stringify(plan) === JSON.stringify(this.plan);
    this.plan = plan;
    if (unchanged) return;
    this.snmp.retain(new Set(plan.devices.map((d) => d.deviceId)));
    if (this.started) this.schedule(0);
  }

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs one probe cycle now (or waits for the one already running). */
  runCycle(): Promise<void> {
    this.running ??= this.cycle().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void (async () => {
        // A plan applied mid-cycle gets a cycle of its own once the current one ends.
        await this.running;
        if (!this.started) return;
        const startedAt = Date.now();
        await this.runCycle();
        if (!this.started || this.timer) return;
        const intervalMs = (this.plan?.intervalSeconds ?? 60) * 1000;
        this.schedule(Math.max(0, startedAt + intervalMs - Date.now()));
      })();
    }, delayMs);
  }

  private async cycle(): Promise<void> {
    const plan = this.plan;
    if (!plan) return;
    const tasks = plan.devices
      .filter((device) => isIP(device.intranetIp) !== 0)
      .map((device) => () => this.probeDevice(device));
    await runLimited(tasks, this.options.concurrency ?? 16);
    if (plan.selfDeviceId !== null) await this.reportSelf(plan.selfDeviceId);
  }

  private async probeDevice(device: MonitoredDevice): Promise<void> {
    const { emit, log } = this.options;
    try {
      const at = Date.now();
      const reach = await this.ping(device.intranetIp);
      emit({
        kind: 'reachability',
        deviceId: device.deviceId,
        at,
        online: reach.online,
        delayMs: reach.delayMs,
        jitterMs: reach.jitterMs,
        lossRate: reach.lossRate,
      });
      if (device.connectType === ConnectType.SNMP) {
        const polledAt = Date.now();
        const reading = await this.snmp.poll(device);
        emit({ kind: 'snmp', deviceId: device.deviceId, at: polledAt, ...reading });
      }
    } catch (error) {
      log('error', `probing device ${device.deviceId} failed: ${String(error)}`);
    }
  }

  private async reportSelf(deviceId: string): Promise<void> {
    const { emit, log, counters } = this.options;
    try {
      const host = await readHostMetrics({ battery: this.options.battery });
      emit({ ...host, deviceId, at: Date.now() });
    } catch (error) {
      log('error', `reading host metrics failed: ${String(error)}`);
    }
    emit({ kind: 'agentStats', deviceId, at: Date.now(), ...counters() });
  }
}

/** Runs tasks with at most `limit` at a time. */
async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
