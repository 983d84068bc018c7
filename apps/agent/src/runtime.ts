import { hostname } from 'node:os';
import { join } from 'node:path';

import type { AgentConfig, WelcomeMessage } from '@storefleet/contracts';

import { Outbox } from './buffer/outbox';
import { ValueBuffer, type ValueBufferOptions } from './buffer/value-buffer';
import { createCommandDispatcher } from './commands';
import { ConfigStore, type KnownConfig } from './config-store';
import { AgentLink, type LinkOptions } from './link/link-client';
import type { Log } from './log';
import { ProbeScheduler, type SchedulerOptions } from './scheduler';

export interface RuntimeOptions {
  server: string;
  key: string;
  dataDir: string;
  /** Probe interval that overrides the one the server sends. */
  intervalSeconds?: number;
  log: Log;
  hostname?: string;
  buffer?: ValueBufferOptions;
  /** Link tuning (tests shorten timeouts and backoff). */
  link?: Pick<LinkOptions, 'backoff' | 'refusedRetryMs' | 'answerTimeoutMs' | 'pingIntervalMs' | 'batchSize'>;
  scheduler?: Pick<SchedulerOptions, 'snmp' | 'ping' | 'concurrency'>;
}

export interface RuntimeRole {
  mode: 'box' | 'device';
  /** Read the battery into host values. */
  battery: boolean;
  /** The config changed (from the server or the saved copy). */
  onConfig: (config: KnownConfig) => void;
  /** Syslog counters since the previous call. */
  syslogCounters: () => { unmatched: number; unmatchedSenders: string[] };
}

/**
 * The parts every agent has, box or device reporter: the on-disk buffer, the link, the command
 * dispatcher, the saved config and the probe scheduler. The role decides what is probed and received.
 */
export class AgentRuntime {
  readonly buffer: ValueBuffer;
  readonly outbox: Outbox;
  readonly link: AgentLink;
  readonly scheduler: ProbeScheduler;
  private readonly configStore: ConfigStore;
  private config: KnownConfig | null;

  constructor(
    private readonly options: RuntimeOptions,
    private readonly role: RuntimeRole,
  ) {
    this.buffer = new ValueBuffer(join(options.dataDir, 'buffer'), options.buffer);
    this.configStore = new ConfigStore(join(options.dataDir, 'config.json'), options.key);
    this.config = this.configStore.load();
    this.link = new AgentLink({
      ...options.link,
      server: options.server,
      key: options.key,
      mode: role.mode,
      hostname: options.hostname ?? hostname(),
      buffer: this.buffer,
      log: options.log,
      onWelcome: (welcome) => this.applyWelcome(welcome),
      onConfig: (config) => this.applyConfig(config),
      onCommand: createCommandDispatcher({
        reloadConfig: () => this.reloadConfig(),
        ping: options.scheduler?.ping,
        upgrade: { server: options.server, key: options.key, dataDir: options.dataDir },
      }),
    });
    this.outbox = new Outbox({ buffer: this.buffer, onFlushed: () => this.link.notify() });
    this.scheduler = new ProbeScheduler({
      ...options.scheduler,
      emit: (value) => this.outbox.emit(value),
      log: options.log,
      battery: role.battery,
      counters: () => {
        const syslog = role.syslogCounters();
        return {
          syslogUnmatched: syslog.unmatched,
          syslogUnmatchedSenders: syslog.unmatchedSenders,
          bufferDropped: this.buffer.takeDropped(),
          bufferDepth: this.buffer.depth(),
        };
      },
    });
  }

  /** The config in force: the server's, or the one saved by an earlier run until the server answers. */
  get knownConfig(): KnownConfig | null {
    return this.config;
  }

  start(): void {
    if (this.config) this.applyKnown(this.config);
    this.scheduler.start();
    this.link.start();
  }

  async stop(): Promise<void> {
    this.link.stop();
    await this.scheduler.stop();
    this.outbox.flush();
  }

  private applyWelcome(welcome: WelcomeMessage): void {
    const { deviceId, shopId, intervalSeconds, devices } = welcome;
    this.save({ deviceId, shopId, intervalSeconds, devices });
  }

  private applyConfig(config: AgentConfig): void {
    if (!this.config) return;
    this.save({ ...this.config, ...config });
  }

  private save(config: Omit<KnownConfig, 'keyHash'>): void {
    try {
      this.applyKnown(this.configStore.save(config));
    } catch (error) {
      // Probing on with the new config matters more than remembering it for the next start.
      this.options.log('error', `could not save the config: ${String(error)}`);
      this.applyKnown({ ...config, keyHash: '' });
    }
  }

  private applyKnown(config: KnownConfig): void {
    this.config = config;
    this.role.onConfig(config);
    this.scheduler.apply({
      selfDeviceId: config.deviceId,
      devices: this.role.mode === 'box' ? config.devices : [],
      intervalSeconds: this.options.intervalSeconds ?? config.intervalSeconds,
    });
  }

  private async reloadConfig() {
    // The link hands the answer to applyConfig before it resolves this.
    const config = await this.link.requestConfig();
    return {
      devices: this.role.mode === 'box' ? config.devices.length : 0,
      intervalSeconds: this.options.intervalSeconds ?? config.intervalSeconds,
    };
  }
}
