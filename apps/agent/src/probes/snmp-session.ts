import { isIP } from 'node:net';

import { cleanDeviceText, type MonitoredDevice } from '@storefleet/contracts';
import snmp, { type Session, type Varbind } from 'net-snmp';

export interface SnmpTiming {
  /** Milliseconds to wait for each answer (default 2000). */
  timeoutMs?: number;
  /** Resends before giving up (default 1). */
  retries?: number;
}

/** One SNMP conversation with one device: v2c with its community, or v3 when the device has v3 settings. */
export class SnmpSession {
  private readonly session: Session;

  constructor(device: MonitoredDevice, timing: SnmpTiming = {}) {
    const options = {
      port: device.port,
      timeout: timing.timeoutMs ?? 2000,
      retries: timing.retries ?? 1,
      transport: isIP(device.intranetIp) === 6 ? ('udp6' as const) : ('udp4' as const),
    };
    const v3 = device.snmpV3;
    if (v3) {
      this.session = snmp.createV3Session(
        device.intranetIp,
        {
          name: v3.user,
          level: snmp.SecurityLevel[v3.level],
          authProtocol: v3.authProtocol ? snmp.AuthProtocols[v3.authProtocol] : undefined,
          authKey: v3.authKey,
          privProtocol: v3.privProtocol ? snmp.PrivProtocols[v3.privProtocol] : undefined,
          privKey: v3.privKey,
        },
        { ...options, version: snmp.Version3, context: v3.context ?? '' },
      );
    } else {
      this.session = snmp.createSession(device.intranetIp, device.community, {
        ...options,
        version: snmp.Version2c,
      });
    }
    // A socket error must not crash the agent; the pending request fails and the device reads offline.
    this.session.on('error', () => undefined);
  }

  /** Scalars by OID; an OID the device lacks maps to undefined. Rejects when the device does not answer. */
  get(oids: string[]): Promise<Map<string, unknown>> {
    return new Promise((resolve, reject) => {
      this.session.get(oids, (error, varbinds) => {
        if (error) return reject(error);
        const values = new Map<string, unknown>();
        for (const vb of varbinds ?? []) if (!snmp.isVarbindError(vb)) values.set(vb.oid, vb.value);
        resolve(values);
      });
    });
  }

  /** A table column as index → value ("1.3.6.1.2.1.2.2.1.8" → {"1" → 1, "2" → 2}). Empty when absent. */
  column(oid: string): Promise<Map<string, unknown>> {
    return new Promise((resolve, reject) => {
      const values = new Map<string, unknown>();
      const prefix = `${oid}.`;
      const feed = (varbinds: Varbind[]): boolean | undefined => {
        for (const vb of varbinds) {
          if (snmp.isVarbindError(vb) || !vb.oid.startsWith(prefix)) continue;
          values.set(vb.oid.slice(prefix.length), vb.value);
        }
        // A hostile or broken device could stream rows forever; a store device never has this many.
        return values.size > 4096 ? true : undefined;
      };
      this.session.subtree(oid, 20, feed, (error) => (error ? reject(error) : resolve(values)));
    });
  }

  close(): void {
    try {
      this.session.close();
    } catch {
      // Already closed by a socket error.
    }
  }
}

/** An SNMP number as a JS number: Counter64 arrives as a big-endian Buffer. */
export function snmpNumber(value: unknown): number | null {
  const big = snmpBigInt(value);
  return big === null ? null : Number(big);
}

/** An SNMP integer/counter as a bigint, for exact counter arithmetic. */
export function snmpBigInt(value: unknown): bigint | null {
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.trunc(value));
  if (typeof value === 'bigint') return value;
  if (Buffer.isBuffer(value)) {
    if (value.length === 0 || value.length > 9) return null;
    let n = 0n;
    for (const byte of value) n = (n << 8n) | BigInt(byte);
    return n;
  }
  return null;
}

/**
 * An SNMP OctetString as text (device text: attacker input, kept as text and cut to `max`). Cleaned
 * after the cut: many printers NUL-pad sysDescr and ifDescr, and a cut can split a surrogate pair.
 */
export function snmpText(value: unknown, max: number): string | null {
  if (Buffer.isBuffer(value)) return cleanDeviceText(value.toString('utf8').slice(0, max));
  if (typeof value === 'string') return cleanDeviceText(value.slice(0, max));
  return null;
}
