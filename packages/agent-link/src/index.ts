// The box side of the agent protocol, shared by the box agent (apps/agent) and the simulated boxes
// (apps/simulator); see README.md.
export {
  type CheckedCommand,
  checkedCommand,
  commandDone,
  commandFailed,
  type PingEcho,
  pingIpResult,
} from './commands/command-replies';
export { type BackoffOptions, backoffDelay } from './link/backoff';
export { ConfigRequests } from './link/config-requests';
export {
  type CommandLink,
  configOf,
  helloMessage,
  isRefusal,
  type LinkLog,
  replyToCommand,
} from './link/link-rules';
export { linkUrl } from './link/link-url';
export { acceptServerFrame, readServerFrame, type ServerFrame } from './link/server-frame';
export { InvalidAddressError, type PingOptions, pingHost } from './ping/ping';
export { type PingSummary, parsePingOutput, UNREACHABLE } from './ping/ping-output';
export { MAX_SYSLOG_TEXT, type ParsedSyslog, parseSyslog } from './syslog/parse';
export { packageLocation, UpgradeArgumentError } from './upgrade/package-location';
export { AGENT_VERSION } from './version';
