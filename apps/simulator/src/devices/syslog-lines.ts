import { parseSyslog } from '@storefleet/agent-link';
import type { MonitoredDevice, UnsequencedValue } from '@storefleet/contracts';

import type { Moment } from '../moment';
import type { Rng } from '../random';
import { PRODUCT } from './names';

type SyslogValue = Extract<UnsequencedValue, { kind: 'syslog' }>;

interface Line {
  facility: number;
  severity: number;
  app: string;
  msgId?: string;
  message: string;
}

// Addresses inside messages stay on loopback, like every address in this project's data.
const peer = (rng: Rng) => `127.0.0.${rng.int(2, 254)}`;

const NETWORK: ((rng: Rng) => Line)[] = [
  (rng) => {
    const state = rng.pick(['down', 'up']);
    return {
      facility: 23,
      severity: state === 'down' ? 3 : 5,
      app: '%LINK-3-UPDOWN',
      message: `Interface GigabitEthernet1/0/${rng.int(1, 24)}, changed state to ${state}`,
    };
  },
  (rng) => ({
    facility: 23,
    severity: 4,
    app: '%SEC_LOGIN-4-LOGIN_FAILED',
    message: `Login failed [user: admin] [Source: ${peer(rng)}] [localport: 22] [Reason: Login Authentication Failed]`,
  }),
  (rng) => ({
    facility: 23,
    severity: 5,
    app: '%SYS-5-CONFIG_I',
    message: `Configured from console by admin on vty0 (${peer(rng)})`,
  }),
];
const PRINTER: ((rng: Rng) => Line)[] = [
  (rng) => ({ facility: 6, severity: 4, app: 'printer', message: rng.pick(['Paper out', 'Tray 2 empty']) }),
  () => ({ facility: 6, severity: 4, app: 'printer', message: 'Toner low (black)' }),
  () => ({ facility: 6, severity: 3, app: 'printer', message: 'Paper jam in area A, open front cover' }),
  () => ({ facility: 6, severity: 4, app: 'printer', message: '打印机缺纸，请装纸' }),
];
const HOST: ((rng: Rng) => Line)[] = [
  (rng) => ({
    facility: 10,
    severity: 4,
    app: 'sshd',
    message: `Failed password for invalid user admin from ${peer(rng)} port ${rng.int(30000, 60000)} ssh2`,
  }),
  () => ({ facility: 3, severity: 6, app: 'systemd', message: 'Started Daily apt download activities.' }),
  () => ({ facility: 0, severity: 3, app: 'kernel', message: 'e1000e: eth0 NIC Link is Down' }),
  () => ({ facility: 16, severity: 4, app: 'pos-app', message: 'receipt printer not responding, retrying' }),
];
// Device text is attacker input: these exercise the console's escaping and export formula guard.
const HOSTILE: ((rng: Rng) => Line)[] = [
  () => ({
    facility: 4,
    severity: 4,
    app: 'login',
    message: 'login failed for user <script>alert(document.cookie)</script>',
  }),
  () => ({
    facility: 4,
    severity: 4,
    app: 'login',
    message: "user admin'; DROP TABLE device_syslog; -- failed",
  }),
  () => ({ facility: 6, severity: 4, app: 'printer', message: '<img src=x onerror=alert(1)> paper out' }),
  () => ({ facility: 16, severity: 5, app: 'pos-app', message: "=cmd|' /C calc'!A0 receipt total" }),
  () => ({
    facility: 16,
    severity: 5,
    app: 'pos-app',
    message: 'coupon code " OR 1=1 -- rejected {{7*7}} <%= 7*7 %>',
  }),
];

/**
 * Syslog lines a store device sends now and then: link flaps and login failures from network gear,
 * paper-out from printers, service messages from hosts, and sometimes text that looks like HTML, SQL
 * or a spreadsheet formula. Lines are built as real RFC 3164 / 5424 frames and parsed by the agent's own
 * parser, so the fields are exactly what a box would report for them.
 */
export class SyslogLines {
  private readonly templates: ((rng: Rng) => Line)[];
  private readonly perHour: number;

  constructor(
    private readonly rng: Rng,
    device: MonitoredDevice,
  ) {
    const network = device.productType === PRODUCT.SWITCH || device.productType === PRODUCT.ROUTER;
    this.templates =
      device.productType === PRODUCT.PRINTER ? PRINTER : network || device.connectType === 2 ? NETWORK : HOST;
    // Devices configured for syslog (connect type 3) are the chatty ones.
    this.perHour = device.connectType === 3 ? 6 : network || device.productType === PRODUCT.PRINTER ? 1 : 0.2;
  }

  /** Lines received during this cycle (usually none). */
  receive(device: MonitoredDevice, moment: Moment, hostname: string): SyslogValue[] {
    const rng = this.rng;
    const expected = (this.perHour * (0.2 + moment.busy) * moment.stepSeconds) / 3600;
    // Poisson arrivals (Knuth), capped so a long step (a paused process) does not flood one cycle.
    const limit = Math.exp(-expected);
    let count = 0;
    for (let p = rng.next(); p > limit && count < 5; p *= rng.next()) count++;
    const lines: SyslogValue[] = [];
    for (let i = 0; i < count; i++) lines.push(this.frame(device, moment, hostname));
    return lines;
  }

  private frame(device: MonitoredDevice, moment: Moment, hostname: string): SyslogValue {
    const rng = this.rng;
    const line = rng.pick(rng.chance(0.04) ? HOSTILE : this.templates)(rng);
    const pri = line.facility * 8 + line.severity;
    const procId = line.app === 'sshd' || line.app === 'pos-app' ? String(rng.int(300, 32000)) : null;
    const raw = rng.chance(0.7)
      ? `<${pri}>${bsdTimestamp(moment.at)} ${hostname} ${line.app}${procId ? `[${procId}]` : ''}: ${line.message}`
      : `<${pri}>1 ${new Date(moment.at).toISOString()} ${hostname} ${line.app} ${procId ?? '-'} ${line.msgId ?? '-'} - ${line.message}`;
    const parsed = parseSyslog(raw);
    return {
      kind: 'syslog',
      deviceId: device.deviceId,
      at: moment.at,
      hostIp: device.intranetIp,
      transport: rng.chance(0.85) ? 'udp' : 'tcp',
      ...parsed,
      raw: raw.slice(0, 8192),
    };
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov  2 08:15:03": RFC 3164's timestamp, which has no year and no zone (UTC here). */
function bsdTimestamp(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
