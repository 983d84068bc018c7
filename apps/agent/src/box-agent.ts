import type { UnsequencedValue } from '@storefleet/contracts';

import { AgentRuntime, type RuntimeOptions } from './runtime';
import { type DeviceSyslog, SyslogReceiver } from './syslog/receiver';

export interface BoxAgentOptions extends RuntimeOptions {
  /** Syslog port, UDP and TCP (default 514). */
  syslogPort?: number;
  /** Syslog listen address (default 0.0.0.0). */
  syslogHost?: string;
}

/**
 * The store box: probes the store's monitored devices, receives their syslog, reports its own host
 * metrics, and sends everything through the buffer and the link.
 */
export class BoxAgent {
  readonly runtime: AgentRuntime;
  readonly syslog: SyslogReceiver;

  constructor(private readonly options: BoxAgentOptions) {
    this.syslog = new SyslogReceiver({
      port: options.syslogPort ?? 514,
      host: options.syslogHost,
      onMessage: (message) => this.runtime.outbox.emit(syslogValue(message)),
      onError: (error) => options.log('error', `syslog receiver: ${error.message}`),
    });
    this.runtime = new AgentRuntime(options, {
      mode: 'box',
      battery: false,
      onConfig: (config) => this.syslog.setDevices(config.devices),
      syslogCounters: () => this.syslog.takeCounters(),
    });
  }

  /**
   * Starts receiving syslog, probing and linking; resolves with the syslog port bound (port 0 picks
   * one). Rejects when the syslog port cannot be bound (514 needs root or CAP_NET_BIND_SERVICE).
   */
  async start(): Promise<{ syslogPort: number }> {
    const { udpPort } = await this.syslog.start();
    this.options.log('info', `syslog receiver listening on UDP and TCP port ${udpPort}`);
    this.runtime.start();
    return { syslogPort: udpPort };
  }

  async stop(): Promise<void> {
    await this.runtime.stop();
    await this.syslog.stop();
  }
}

function syslogValue(message: DeviceSyslog): UnsequencedValue {
  return {
    kind: 'syslog',
    deviceId: message.deviceId,
    at: message.at,
    hostIp: message.hostIp,
    transport: message.transport,
    format: message.format,
    facility: message.facility,
    severity: message.severity,
    timestamp: message.timestamp,
    hostname: message.hostname,
    app: message.app,
    procId: message.procId,
    msgId: message.msgId,
    structuredData: message.structuredData,
    message: message.message,
    raw: message.raw,
  };
}
