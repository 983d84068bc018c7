/**
 * The box agent link, protocol version 1: JSON text frames over one WebSocket that the agent opens to
 * `<server>/api/agent/link` (`ws:` for `http:` servers, `wss:` for `https:`).
 *
 * Session: agent → `hello` (must be the first frame, within 10 s, at most `MAX_HELLO_FRAME_BYTES`) ·
 * server → `welcome` or a close with one of `AGENT_CLOSE` · then both sides talk freely:
 *   agent → server: `results`, `commandReply`, `configRequest`
 *   server → agent: `ack`, `command`, `config`
 * Liveness uses WebSocket ping/pong control frames (both sides may ping; `ws` answers automatically), so
 * there is no heartbeat message. A peer that receives a frame it cannot parse closes with `MALFORMED`.
 *
 * Delivery is at-least-once with idempotent receipt. Every value carries (deviceId, seq); seq is scoped
 * to the reporter (the device the link authenticated as) and that deviceId, grows by one per value, and
 * survives agent restarts; it never depends on the box clock. Counters belong to an epoch (`hello.epoch`):
 * an agent that starts its counters afresh (new box, wiped or re-imaged data directory, unreadable
 * counter file) starts them at 1 under a new epoch, and a server that sees a reporter's epoch change
 * forgets that reporter's marks, so the new numbers are stored. An agent whose counters are below a
 * mark the server reports (`welcome.committed`, `ack`) continues above it. Values of one device arrive
 * in increasing seq order on a link; gaps are normal (values the agent dropped when its buffer was full).
 * The server stores a value only if no value with the same (reporter, deviceId, seq) is stored — a
 * per-(reporter, deviceId) high-water mark or a unique key both work — and acks only after committing.
 * If it cannot commit a batch it must close the link (`SERVER_ERROR`) rather than ack later batches;
 * the agent then resends everything unacked, oldest first.
 *
 * Online: for connect type 2 (SNMP) the `snmp` value's `online` decides; for the others the
 * `reachability` value's; Agent (1) / EAgent (5) devices are also online while their own `host` values
 * arrive. A box probes every monitored device of its store with an intranetIp each interval.
 *
 * Clock: `hello.sentAt` and `results.sentAt` carry the box clock when the frame was sent. The server
 * measures the box's clock skew from them, corrects value times (`at`) by it, and never stores a value
 * time in its future (beyond a small tolerance): a box clock that is wrong moves neither "last seen" nor
 * online status away from server time.
 *
 * Ids travel as decimal text, so the protocol does not care whether the server uses integers or uuids.
 * Device data in values (SNMP strings, syslog text, host fields) is attacker input: store it as text.
 */
import { z } from 'zod';

import { AgentValue } from './agent-values';

export * from './agent-values';

export const AGENT_PROTOCOL_VERSION = 1;
export const AGENT_LINK_PATH = '/api/agent/link';
/** Largest frame the server reads before `welcome` (a hello is well under 2 KiB). */
export const MAX_HELLO_FRAME_BYTES = 8 * 1024;
/** Largest frame after `welcome`: 1000 values of which syslog ones carry ~16 KiB of text at most. */
export const MAX_FRAME_BYTES = 24 * 1024 * 1024;
/**
 * The epoch an agent sends when its counters predate epochs (an agent upgraded in place); a server
 * that has no epoch stored for a reporter takes it for this one.
 */
export const LEGACY_SEQ_EPOCH = 'legacy';

/** WebSocket close codes of the link. The close reason carries a sentence a person can act on. */
export const AGENT_CLOSE = {
  /** Unknown, rotated or disabled security key. The agent retries only slowly (minutes). */
  AUTH_FAILED: 4001,
  /** `hello.protocolVersion` is not spoken by this server. */
  PROTOCOL_UNSUPPORTED: 4002,
  /** The key is valid but may not use this mode (e.g. a non-gateway device connecting as a box). */
  MODE_REFUSED: 4003,
  /** No `hello` within 10 s. */
  HELLO_TIMEOUT: 4004,
  /** A newer link of the same box replaced this one. */
  REPLACED: 4005,
  /** A frame did not match this contract. */
  MALFORMED: 4400,
  /** A frame was larger than allowed (`MAX_HELLO_FRAME_BYTES` before welcome, `MAX_FRAME_BYTES` after). */
  TOO_LARGE: 1009,
  /** The server could not commit a batch; the agent reconnects and resends. */
  SERVER_ERROR: 1011,
} as const;

const id = z.string().trim().min(1).max(64);
const text = (max: number) => z.string().max(max);
const count = z.number().int().nonnegative();

/** SNMPv3 settings of a device, sent only when the device is configured for v3. */
export const SnmpV3Settings = z.object({
  user: text(64).min(1),
  level: z.enum(['noAuthNoPriv', 'authNoPriv', 'authPriv']),
  authProtocol: z.enum(['md5', 'sha', 'sha224', 'sha256', 'sha384', 'sha512']).optional(),
  authKey: text(128).optional(),
  privProtocol: z.enum(['des', 'aes', 'aes256b', 'aes256r']).optional(),
  privKey: text(128).optional(),
  context: text(64).optional(),
});
export type SnmpV3Settings = z.infer<typeof SnmpV3Settings>;

/** A monitored device of the box's store, as the box needs it to probe. */
export const MonitoredDevice = z.object({
  deviceId: id,
  deviceName: text(200),
  /** 1 Agent, 2 SNMP, 3 Syslog, 4 Ping, 5 EAgent (spec §4). */
  connectType: z.number().int().min(1).max(5),
  /** Empty when the device has no address; such a device is not pinged and cannot be matched. */
  intranetIp: text(64),
  /** SNMP port (default 161). */
  port: z.number().int().min(1).max(65535).default(161),
  /** SNMP v2c community; ignored when `snmpV3` is present. */
  community: text(128).default('public'),
  snmpV3: SnmpV3Settings.optional(),
  productType: z.number().int().nullable().default(null),
  /** 0 Linux, 1 Windows, 2 Android, 3 other. */
  deviceSystem: z.number().int().nullable().default(null),
});
export type MonitoredDevice = z.infer<typeof MonitoredDevice>;

/** What the box probes and how often: part of `welcome`, and the body of `config`. */
export const AgentConfig = z.object({
  /** The company's probe interval; the agent's `--interval` overrides it. */
  intervalSeconds: z.number().int().min(5).max(86_400),
  /** Empty for device-mode reporters. */
  devices: z.array(MonitoredDevice).max(10_000),
});
export type AgentConfig = z.infer<typeof AgentConfig>;

// ── commands ─────────────────────────────────────────────────────────────────────────────────────────

/** `queryAnswer/pingIp`: ping an IPv4/IPv6 address from the box now (4 echoes, 1 s reply timeout). */
export const PingIpCommand = z.object({ name: z.literal('pingIp'), ipAddress: text(64) });
/** Re-read the config: the agent sends `configRequest`, applies the `config` answer, replies with counts. */
export const ReloadConfigCommand = z.object({ name: z.literal('reloadConfig') });
/** Most targets one `netTest` command carries: each takes up to ~8 s, and the agent answers within 30 s. */
export const NET_TEST_MAX_TARGETS = 3;
/** One net-test address as the box tests it: ping `pingHost`, GET `downloadUrl`, POST to `uploadUrl`. */
export const NetTestTarget = z.object({
  addressId: id,
  /** Host name or IP address (no scheme, no port). */
  pingHost: text(255).min(1),
  downloadUrl: text(2048).optional(),
  uploadUrl: text(2048).optional(),
});
export type NetTestTarget = z.infer<typeof NetTestTarget>;
/**
 * Network test from the box against net-test addresses, one after the other: 4 echoes to the host
 * (delay, jitter, loss), an HTTP GET of the download URL and an HTTP POST of a generated body to the
 * upload URL, each bounded in bytes and time (see apps/agent/src/net-test.ts).
 */
export const NetTestCommand = z.object({
  name: z.literal('netTest'),
  targets: z.array(NetTestTarget).min(1).max(NET_TEST_MAX_TARGETS),
});
/**
 * Software upgrade: download the package from `packageUrl` (a path is resolved against the server the
 * link goes to) over HTTP with `Authorization: Bearer <the box key>`, at most `size` bytes, check its
 * SHA-256, install it and answer with `UpgradeResult`. A box that already installed this version with
 * this checksum answers at once (the server resends after a restart). Download and install may take up
 * to `UPGRADE_REPLY_MS`. See docs/decisions/versions.md.
 */
export const UpgradeCommand = z.object({
  name: z.literal('upgrade'),
  version: text(32),
  packageUrl: text(2048),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The package's size in bytes; a download that grows past it is stopped. */
  size: z.number().int().nonnegative().optional(),
});
/** How long the server waits for an `upgrade` reply (download + check + install). */
export const UPGRADE_REPLY_MS = 10 * 60_000;
export const AgentCommand = z.discriminatedUnion('name', [
  PingIpCommand,
  ReloadConfigCommand,
  NetTestCommand,
  UpgradeCommand,
]);
export type AgentCommand = z.infer<typeof AgentCommand>;
export type AgentCommandName = AgentCommand['name'];

/** The Ping result of spec §3 without deviceId (the server adds it). `pingTime` is ISO-8601 UTC. */
export const PingIpResult = z.object({
  delayTime: z.number().nonnegative().nullable(),
  isOnline: z.union([z.literal(0), z.literal(1)]),
  networkJitter: z.number().nonnegative().nullable(),
  /** Fraction lost, 0–1. */
  packetLossRate: z.number().min(0).max(1),
  pingTime: z.string(),
  pingUrl: text(64),
});
export type PingIpResult = z.infer<typeof PingIpResult>;
/**
 * One target's figures. A part not measured (no URL) is null with a null error; a part that failed is
 * null with the error text. Throughputs are bytes per second over the bytes actually moved.
 */
export const NetTestTargetResult = z.object({
  addressId: id,
  delayMs: z.number().nonnegative().nullable(),
  jitterMs: z.number().nonnegative().nullable(),
  /** Fraction lost, 0–1; null when the ping could not run. */
  lossRate: z.number().min(0).max(1).nullable(),
  downloadBytesPerSecond: z.number().nonnegative().nullable(),
  uploadBytesPerSecond: z.number().nonnegative().nullable(),
  pingError: text(500).nullable(),
  downloadError: text(500).nullable(),
  uploadError: text(500).nullable(),
});
export type NetTestTargetResult = z.infer<typeof NetTestTargetResult>;
/** The `netTest` reply: when the box started (ISO-8601 UTC) and one entry per target, in order. */
export const NetTestResult = z.object({
  testedAt: z.string(),
  targets: z.array(NetTestTargetResult).max(NET_TEST_MAX_TARGETS),
});
export type NetTestResult = z.infer<typeof NetTestResult>;
/** The `upgrade` reply: the version now installed (what the box reports from now on) and its checksum. */
export const UpgradeResult = z.object({
  version: text(32),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: count,
  /** True when the box runs the new version at once (simulator); false: it does after its restart. */
  running: z.boolean(),
});
export type UpgradeResult = z.infer<typeof UpgradeResult>;
export const ReloadConfigResult = z.object({ devices: count, intervalSeconds: z.number().int().positive() });
export type ReloadConfigResult = z.infer<typeof ReloadConfigResult>;

/** Error codes of a failed `commandReply`. */
export const AgentCommandErrorCode = z.enum([
  /** The agent does not know or does not implement this command name. */
  'UNSUPPORTED_COMMAND',
  /** The command's arguments are not valid (e.g. not an IP address). */
  'INVALID_ARGUMENT',
  /** The command ran and failed (e.g. the server did not answer `configRequest`). */
  'FAILED',
]);
export type AgentCommandErrorCode = z.infer<typeof AgentCommandErrorCode>;

// ── messages ─────────────────────────────────────────────────────────────────────────────────────────

/** Agent → server, first frame. `key` may be omitted only if an `Authorization: Bearer <key>` header was sent. */
export const HelloMessage = z.object({
  type: z.literal('hello'),
  protocolVersion: z.number().int().positive(),
  key: z.string().min(16).max(256).optional(),
  mode: z.enum(['box', 'device']),
  agentVersion: text(32),
  hostname: text(255),
  /** The box clock (Unix ms) when it sent hello; the server measures the box's clock skew from it. */
  sentAt: z.number().int().nonnegative().optional(),
  /** Which run of seq counters the values belong to (see the file comment); new when they start afresh. */
  epoch: text(64).min(1).optional(),
});
/** Server → agent after a good hello. `deviceId`/`shopId` are of the device the key belongs to. */
export const WelcomeMessage = AgentConfig.extend({
  type: z.literal('welcome'),
  protocolVersion: z.number().int().positive(),
  deviceId: id,
  shopId: id,
  /** Optional hint: per device, the highest seq already committed for this reporter; the agent drops those. */
  committed: z
    .array(z.object({ deviceId: id, seq: z.number().int().positive() }))
    .max(10_000)
    .optional(),
});
/**
 * Agent → server. `batchId` grows per agent run; values of one device are in increasing seq order.
 * The server should check the envelope and then each value on its own: a value it will never store
 * (fails this schema, unknown device, device outside the reporter's store, or — for a device-mode
 * reporter — any device but itself) still counts as committed in the ack, and is logged, because an
 * unacked value is resent forever and would hold up everything behind it.
 */
export const ResultsMessage = z.object({
  type: z.literal('results'),
  batchId: z.number().int().nonnegative(),
  values: z.array(AgentValue).min(1).max(1000),
  /** The box clock (Unix ms) when it sent this frame: keeps the server's skew measurement current. */
  sentAt: z.number().int().nonnegative().optional(),
});
/**
 * Server → agent once the batch is committed (duplicates count as committed): for every device in the
 * batch, the highest seq of that device in the batch. Cumulative: the agent forgets every value of that
 * device with seq ≤ it.
 */
export const AckMessage = z.object({
  type: z.literal('ack'),
  batchId: z.number().int().nonnegative(),
  committed: z.array(z.object({ deviceId: id, seq: z.number().int().positive() })).max(1000),
});
/** Server → agent. The server times out a command it routed (the agent replies within 30 s). */
export const CommandMessage = z.object({
  type: z.literal('command'),
  id: id,
  /** Validated by the agent against `AgentCommand`; unknown names get UNSUPPORTED_COMMAND. */
  command: z.object({ name: text(64) }).loose(),
});
export const CommandReplyMessage = z.discriminatedUnion('ok', [
  z.object({ type: z.literal('commandReply'), id, ok: z.literal(true), result: z.unknown() }),
  z.object({
    type: z.literal('commandReply'),
    id,
    ok: z.literal(false),
    error: z.object({ code: AgentCommandErrorCode, message: text(500) }),
  }),
]);
/** Agent → server: please send `config` (used by `reloadConfig`). */
export const ConfigRequestMessage = z.object({ type: z.literal('configRequest') });
/** Server → agent, on `configRequest` or whenever the store's monitored devices or interval change. */
export const ConfigMessage = AgentConfig.extend({ type: z.literal('config') });

export const AgentToServerMessage = z.union([
  HelloMessage,
  ResultsMessage,
  CommandReplyMessage,
  ConfigRequestMessage,
]);
export type AgentToServerMessage = z.infer<typeof AgentToServerMessage>;
export const ServerToAgentMessage = z.discriminatedUnion('type', [
  WelcomeMessage,
  AckMessage,
  CommandMessage,
  ConfigMessage,
]);
export type ServerToAgentMessage = z.infer<typeof ServerToAgentMessage>;
export type HelloMessage = z.infer<typeof HelloMessage>;
export type WelcomeMessage = z.infer<typeof WelcomeMessage>;
export type ResultsMessage = z.infer<typeof ResultsMessage>;
export type AckMessage = z.infer<typeof AckMessage>;
export type CommandMessage = z.infer<typeof CommandMessage>;
export type CommandReplyMessage = z.infer<typeof CommandReplyMessage>;
export type ConfigMessage = z.infer<typeof ConfigMessage>;
