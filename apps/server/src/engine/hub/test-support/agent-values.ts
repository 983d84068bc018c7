/** Agent values for tests that feed ingest or the hub directly (protocol v1 shapes). */
import type { AgentValue } from '@storefleet/contracts';

export interface ReachabilityOptions {
  deviceId: number;
  seq: number;
  /** Epoch ms of the probe. */
  at: number;
  /** Default true. Offline: no delay or jitter, all packets lost. */
  online?: boolean;
  /** Average round trip when online, ms (default 1). */
  delayMs?: number;
}

/** A ping result of `deviceId` as a box reports it. */
export function reachabilityValue({
  deviceId,
  seq,
  at,
  online = true,
  delayMs = 1,
}: ReachabilityOptions): AgentValue {
  return {
    kind: 'reachability',
    deviceId: String(deviceId),
    seq,
    at,
    online,
    delayMs: online ? delayMs : null,
    jitterMs: online ? 0.1 : null,
    lossRate: online ? 0 : 1,
  };
}

/** A syslog line (RFC 3164, facility 1, severity 3) a box received from `deviceId` at `at`. */
export function syslogValue({
  deviceId,
  seq,
  at,
  message = 'paper jam',
  hostname = 'printer',
}: {
  deviceId: number;
  seq: number;
  at: number;
  message?: string;
  hostname?: string;
}): AgentValue {
  return {
    kind: 'syslog',
    deviceId: String(deviceId),
    seq,
    at,
    hostIp: '127.0.0.1',
    transport: 'udp',
    format: 'rfc3164',
    facility: 1,
    severity: 3,
    timestamp: null,
    hostname,
    app: 'lpd',
    procId: null,
    msgId: null,
    structuredData: null,
    message,
    raw: `<11>${message}`,
  };
}
