/**
 * The outbound policy (`ctx.outbound`): every destination a user types (a provider URL, an SMTP host,
 * a net-test address) goes through it. A host name is resolved here, every address it resolves to is
 * checked, and the caller connects to the checked address (outbound-http.ts, outbound-smtp.ts), so a
 * second DNS answer cannot swap it. Refused: the classes of address-classes.ts and the server's own
 * listen addresses, unless OUTBOUND_ALLOW holds the address.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

import type { Label } from '@storefleet/contracts';

import { classifyAddress, REFUSED_CLASS_LABELS, type RefusedClass } from './address-classes';
import { type Cidr, embeddedV4, type IpBytes, inCidr, parseCidr, parseIp, samePrefix } from './ip-address';
import { dnsFailure, OutboundError } from './outbound-error';

const RESOLVE_TIMEOUT_MS = 10_000;

/** A host name's addresses (tests inject one that answers from a table, never from real DNS). */
export type ResolveHost = (host: string) => Promise<string[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address. */
export const systemResolver: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** A destination that passed: the host as typed (for TLS names) and the address to connect to. */
export interface CheckedHost {
  host: string;
  address: string;
  family: 4 | 6;
}

/** Why an address is refused, or null. */
export interface Refusal {
  address: string;
  refused: RefusedClass;
}

export interface OutboundPolicyOptions {
  /** OUTBOUND_ALLOW: ranges (CIDR or one address) allowed whatever their class; config.ts checked them. */
  allow: readonly string[];
  /** HOST: the server's listen address (0.0.0.0 / :: mean every interface). */
  listenHost: string;
  resolve?: ResolveHost;
  /** How long a name may take to resolve before it counts as a DNS failure (default 10 s). */
  resolveTimeoutMs?: number;
}

/**
 * The host part of a host name or address as the WHATWG URL parser reads it (decimal, octal, hex and
 * shortened IPv4 become dotted quads; IPv6 is compressed), without brackets; null when it is not one.
 */
export function canonicalHost(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || /[\s/?#@\\]/.test(trimmed)) return null;
  const bracketed = trimmed.includes(':') && !trimmed.startsWith('[') ? `[${trimmed}]` : trimmed;
  try {
    const url = new URL(`http://${bracketed}/`);
    if (url.port !== '' || url.pathname !== '/') return null;
    return url.hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return null;
  }
}

/** The message of a refusal: what the address is, that the server does not send there, and the way out. */
export function refusalMessage(host: string, refusal: Refusal): Label {
  const what = REFUSED_CLASS_LABELS[refusal.refused];
  const subjectEn = host === refusal.address ? host : `${host} resolves to ${refusal.address}, which`;
  const subjectZh = host === refusal.address ? `${host} ` : `${host} 解析为 ${refusal.address}，`;
  return {
    zh: `${subjectZh}是${what.zh}，服务器不向其发送。平台运维人员可以通过 OUTBOUND_ALLOW 放行。`,
    en: `${subjectEn} is ${what.en}; the server does not send there. A platform operator can allow it with OUTBOUND_ALLOW.`,
  };
}

export class OutboundPolicy {
  private readonly resolve: ResolveHost;
  private readonly allow: readonly Cidr[];

  constructor(private readonly options: OutboundPolicyOptions) {
    this.resolve = options.resolve ?? systemResolver;
    this.allow = options.allow.map((text) => {
      const range = parseCidr(text);
      if (!range) throw new Error(`OUTBOUND_ALLOW: ${text} is not an address range`);
      return range;
    });
  }

  /** Why `address` (an IP) is refused, or null when the server may send there. */
  refusalOf(address: string): Refusal | null {
    const bytes = parseIp(address);
    if (!bytes) return { address, refused: 'reserved' };
    if (this.allowed(bytes)) return null;
    const refused = classifyAddress(bytes) ?? (this.isOwnAddress(bytes) ? 'ownAddress' : null);
    return refused ? { address, refused } : null;
  }

  /**
   * Resolves `hostText` (a host name or an IP, as typed) and checks every address; throws OutboundError
   * ('badAddress', 'dns' or 'refused'). Returns the first address, which the caller connects to.
   */
  async check(hostText: string): Promise<CheckedHost> {
    const host = canonicalHost(hostText);
    if (host === null) {
      throw new OutboundError('badAddress', {
        zh: `${hostText} 不是主机名或 IP 地址`,
        en: `${hostText} is not a host name or an IP address`,
      });
    }
    let addresses: string[];
    if (isIP(host) !== 0) {
      addresses = [host];
    } else {
      let timer: NodeJS.Timeout | undefined;
      try {
        // A name server that never answers must not hold a save or a send longer than a connect would.
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('DNS timeout')),
            this.options.resolveTimeoutMs ?? RESOLVE_TIMEOUT_MS,
          );
        });
        addresses = await Promise.race([this.resolve(host), deadline]);
      } catch {
        throw dnsFailure(host);
      } finally {
        clearTimeout(timer);
      }
      if (addresses.length === 0) throw dnsFailure(host);
    }
    for (const address of addresses) {
      const refusal = this.refusalOf(address);
      if (refusal) throw new OutboundError('refused', refusalMessage(host, refusal));
    }
    const address = (addresses[0] ?? '').replace(/%.*$/, '');
    return { host, address, family: isIP(address) === 6 ? 6 : 4 };
  }

  /** Like `check` for a literal address only; a host name passes (what it resolves to is not known here). */
  refusalOfLiteral(hostText: string): Label | null {
    const host = canonicalHost(hostText);
    if (host === null) return null;
    // "localhost" never needs DNS to say where it goes (RFC 6761).
    const address = host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : host;
    if (isIP(address) === 0) return null;
    const refusal = this.refusalOf(address);
    return refusal ? refusalMessage(host, refusal) : null;
  }

  private allowed(bytes: IpBytes): boolean {
    const carried = embeddedV4(bytes);
    return this.allow.some((range) => inCidr(bytes, range) || (carried !== null && inCidr(carried, range)));
  }

  /** The listen address, or every interface's address when the server listens on all of them. */
  private isOwnAddress(bytes: IpBytes): boolean {
    const listen = this.options.listenHost.replace(/^\[(.*)\]$/, '$1');
    const own =
      listen === '0.0.0.0' || listen === '::' || listen === ''
        ? Object.values(networkInterfaces())
            .flat()
            .map((i) => i?.address ?? '')
        : [listen];
    return own.some((text) => {
      const mine = parseIp(text);
      return mine !== null && samePrefix(bytes, mine, mine.length * 8);
    });
  }
}
