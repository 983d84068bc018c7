import { parseArgs } from 'node:util';

export interface CliSettings {
  server: string;
  key: string;
  mode: 'box' | 'device';
  dataDir: string;
  syslogPort: number;
  syslogHost: string;
  /** Undefined: use the interval the server sends. */
  intervalSeconds: number | undefined;
}

export const USAGE = `Usage: npm run agent -- --server <url> --key <securityKey> [options]

  --server <url>         console server, e.g. https://console.example (env STOREFLEET_SERVER)
  --key <securityKey>    this box's or device's security key (env STOREFLEET_KEY; prefer the
                         environment: command lines are visible to every user of the machine)
  --mode box|device      box: probe the store's devices (default); device: report this PC/Android only
  --data-dir <dir>       buffer and saved config (default ./data/agent)
  --syslog-port <port>   syslog UDP+TCP port in box mode (default 514)
  --syslog-host <addr>   syslog listen address (default 0.0.0.0)
  --interval <seconds>   probe interval, overrides the server's (5–86400)
`;

/** Thrown for a command line a person must fix; the message says what. */
export class UsageError extends Error {}

/** Reads the command line and the environment into settings, or throws UsageError. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliSettings {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      key: { type: 'string' },
      mode: { type: 'string', default: 'box' },
      'data-dir': { type: 'string', default: './data/agent' },
      'syslog-port': { type: 'string', default: '514' },
      'syslog-host': { type: 'string', default: '0.0.0.0' },
      interval: { type: 'string' },
    },
    strict: true,
  });
  const server = values.server ?? env.STOREFLEET_SERVER;
  const key = values.key ?? env.STOREFLEET_KEY;
  if (!server) throw new UsageError('--server (or STOREFLEET_SERVER) is required');
  if (!/^(https?|wss?):\/\//.test(server))
    throw new UsageError('--server must be an http(s):// or ws(s):// URL');
  if (!key || key.length < 16)
    throw new UsageError('--key (or STOREFLEET_KEY) is required: the security key shown in the console');
  if (values.mode !== 'box' && values.mode !== 'device') throw new UsageError('--mode must be box or device');
  const syslogPort = whole(values['syslog-port'], '--syslog-port', 0, 65535);
  const intervalSeconds =
    values.interval === undefined ? undefined : whole(values.interval, '--interval', 5, 86_400);
  return {
    server,
    key,
    mode: values.mode,
    dataDir: values['data-dir'],
    syslogPort,
    syslogHost: values['syslog-host'],
    intervalSeconds,
  };
}

function whole(text: string, flag: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}`);
  return n;
}
