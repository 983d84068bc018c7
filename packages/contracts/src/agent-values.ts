/**
 * The values a box agent or device reporter sends in `results` (see agent-protocol.ts for the session,
 * seq and ack rules). Every value names the device it is about and carries its per-device seq and the
 * time it was measured (`at`, Unix ms). Text from devices is attacker input: store and show it as text.
 * Text may carry anything a device sent, NUL included; `cleanDeviceText` makes it storable.
 */
import { z } from 'zod';

/** A lone UTF-16 surrogate: half of a pair, e.g. left by cutting text at a length. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Device text as a database can hold it: NUL removed (PostgreSQL text refuses it, and printers NUL-pad
 * their OCTET STRINGs) and lone surrogates replaced by U+FFFD (they have no UTF-8 form). Everything
 * else, tabs and newlines included, is kept; the result is never longer than `text`. The box agent
 * cleans what it receives and the server cleans every text field again before storing it (values from
 * other agents, or an agent that does not).
 */
export function cleanDeviceText(text: string): string {
  const withoutNul = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return withoutNul.replace(LONE_SURROGATE, '\uFFFD');
}

const id = z.string().trim().min(1).max(64);
const text = (max: number) => z.string().max(max);
const count = z.number().int().nonnegative();

/** Every value: the device it is about, its seq, and when it was measured (Unix ms). */
const valueBase = { deviceId: id, seq: z.number().int().positive(), at: z.number().int().nonnegative() };

/** ICMP reachability of one probe cycle. `online` is true when any echo reply came back. */
export const ReachabilityValue = z.object({
  ...valueBase,
  kind: z.literal('reachability'),
  online: z.boolean(),
  /** Average round trip in ms; null when nothing answered. */
  delayMs: z.number().nonnegative().nullable(),
  /** Max − min round trip in ms; null when nothing answered. */
  jitterMs: z.number().nonnegative().nullable(),
  /** Fraction of echoes lost, 0–1. */
  lossRate: z.number().min(0).max(1),
});

export const SnmpInterface = z.object({
  index: z.number().int(),
  name: text(256),
  /** ifOperStatus: 1 up, 2 down, 3 testing, 4 unknown, 5 dormant, 6 notPresent, 7 lowerLayerDown. */
  operStatus: z.number().int().nullable(),
  /** Bits per second since the previous poll; null on the first poll and after a counter reset. */
  inBps: z.number().nonnegative().nullable(),
  outBps: z.number().nonnegative().nullable(),
});

/**
 * One SNMP poll. `online` false means the device did not answer (timeout, wrong community or v3
 * credentials); the other fields are then null/empty. For connect type 2 this, not ICMP, decides online.
 */
export const SnmpValue = z.object({
  ...valueBase,
  kind: z.literal('snmp'),
  online: z.boolean(),
  error: text(500).nullable(),
  sysUpTimeSeconds: z.number().nonnegative().nullable(),
  sysName: text(1024).nullable(),
  sysDescr: text(2048).nullable(),
  /** CPU busy percent 0–100: hrProcessorLoad averaged over processors, else UCD raw CPU counters between polls. */
  cpuLoad: z.number().min(0).max(100).nullable(),
  memoryUsedBytes: z.number().nonnegative().nullable(),
  memoryTotalBytes: z.number().nonnegative().nullable(),
  disks: z.array(z.object({ name: text(1024), usedBytes: z.number(), totalBytes: z.number() })).max(256),
  interfaces: z.array(SnmpInterface).max(1024),
});

/** One received syslog message, every text field exactly as the sender wrote it (attacker text). */
export const SyslogValue = z.object({
  ...valueBase,
  kind: z.literal('syslog'),
  /** Sender address the message came from (what matched the device), not the claimed hostname. */
  hostIp: text(64),
  transport: z.enum(['udp', 'tcp']),
  format: z.enum(['rfc3164', 'rfc5424', 'unknown']),
  facility: z.number().int().min(0).max(23).nullable(),
  severity: z.number().int().min(0).max(7).nullable(),
  /** The timestamp text as the sender wrote it; `at` is when the box received the message. */
  timestamp: text(64).nullable(),
  hostname: text(255).nullable(),
  app: text(255).nullable(),
  procId: text(128).nullable(),
  msgId: text(32).nullable(),
  structuredData: text(8192).nullable(),
  message: text(8192),
  /** The whole frame, cut to 8192 characters. */
  raw: text(8192),
});

/** CPU info of spec §3. `uptime` is whole seconds as text. */
export const HostCpu = z.object({
  architecture: text(64),
  model: text(256),
  uptime: text(32),
  coreNumber: z.number().int().nonnegative(),
  /** MHz. */
  frequency: z.number().nonnegative(),
  /** 1, 5 and 15 minute load averages. */
  loadAverages: z.array(z.number().nonnegative()).length(3),
});
/** Memory info of spec §3; sizes are KiB as decimal text. */
export const HostMemory = z.object({
  type: z.enum(['Mem', 'Swap']),
  total: text(32),
  used: text(32),
  free: text(32),
});
/** Disk info of spec §3, as `df -kP` prints it: sizes in KiB, usedPercent like "42%". */
export const HostDisk = z.object({
  filesystem: text(1024),
  size: text(32),
  used: text(32),
  available: text(32),
  usedPercent: text(8),
  mountedOn: text(1024),
});
/**
 * Battery info of spec §3 with Android BatteryManager meanings: level of `scale` (100); status 1 unknown,
 * 2 charging, 3 discharging, 4 not charging, 5 full; health 1 unknown, 2 good, 3 overheat, 4 dead,
 * 5 over voltage, 6 failure, 7 cold; temperature in tenths of °C; voltage in mV; maxChargingCurrent µA;
 * maxChargingVoltage µV.
 */
export const HostBattery = z.object({
  acPowered: z.boolean(),
  usbPowered: z.boolean(),
  wirelessPowered: z.boolean(),
  health: z.number(),
  level: z.number(),
  maxChargingCurrent: z.number(),
  maxChargingVoltage: z.number(),
  scale: z.number(),
  status: z.number(),
  temperature: z.number(),
  voltage: z.number(),
  technology: text(64),
});

/** Host metrics: the box about itself, or a device-mode reporter (Agent 1 / EAgent 5) about itself. */
export const HostValue = z.object({
  ...valueBase,
  kind: z.literal('host'),
  agentVersion: text(32),
  hostname: text(255),
  /** `os.platform()` and `os.release()`, e.g. "linux", "6.1.0". */
  platform: text(32),
  osRelease: text(128),
  cpu: HostCpu,
  memory: z.array(HostMemory).max(2),
  disks: z.array(HostDisk).max(256),
  battery: HostBattery.nullable(),
});

/**
 * The agent's own counters since its previous `agentStats` value (deltas, so the server sums them),
 * reported under the box's deviceId.
 */
export const AgentStatsValue = z.object({
  ...valueBase,
  kind: z.literal('agentStats'),
  /** Syslog messages from senders that match no device of the store: counted, never stored. */
  syslogUnmatched: count,
  /** Up to 20 distinct unmatched sender addresses, for a person to spot a misconfigured device. */
  syslogUnmatchedSenders: z.array(text(64)).max(20),
  /** Values the agent dropped, oldest first, because its on-disk buffer was full. */
  bufferDropped: count,
  /** Values waiting in the buffer for an ack when this value was made. */
  bufferDepth: count,
});

export const AgentValue = z.discriminatedUnion('kind', [
  ReachabilityValue,
  SnmpValue,
  SyslogValue,
  HostValue,
  AgentStatsValue,
]);
export type AgentValue = z.infer<typeof AgentValue>;
export type AgentValueKind = AgentValue['kind'];
/** A value before the agent's buffer gives it its seq. */
export type UnsequencedValue = AgentValue extends infer V
  ? V extends unknown
    ? Omit<V, 'seq'>
    : never
  : never;
