import { AgentRuntime, type RuntimeOptions } from './runtime';

/**
 * `--mode device`: the reporter for Agent (1) and EAgent (5) devices — PCs and Android devices. It links
 * with the device's own security key, probes nothing else, and pushes its own CPU, memory, disks and,
 * where the host has one, battery every interval. Commands (ping from this device, reloadConfig) work
 * as on a box.
 */
export class DeviceReporter {
  readonly runtime: AgentRuntime;

  constructor(options: RuntimeOptions) {
    this.runtime = new AgentRuntime(options, {
      mode: 'device',
      battery: true,
      onConfig: () => undefined,
      syslogCounters: () => ({ unmatched: 0, unmatchedSenders: [] }),
    });
  }

  start(): void {
    this.runtime.start();
  }

  stop(): Promise<void> {
    return this.runtime.stop();
  }
}
