import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server, type Socket } from 'node:net';

import { MAX_SYSLOG_TEXT, type ParsedSyslog, parseSyslog } from '@storefleet/agent-link';
import { cleanDeviceText, type MonitoredDevice } from '@storefleet/contracts';

import { canonicalIp } from '../ip';
import { SyslogFrameDecoder } from './tcp-framing';

/** A syslog message from a known device of the store. */
export interface DeviceSyslog extends ParsedSyslog {
  deviceId: string;
  hostIp: string;
  transport: 'udp' | 'tcp';
  raw: string;
  at: number;
}

export interface SyslogCounters {
  unmatched: number;
  unmatchedSenders: string[];
}

export interface SyslogReceiverOptions {
  port: number;
  /** Address to listen on (default 0.0.0.0, every IPv4 interface of the box). */
  host?: string;
  onMessage: (message: DeviceSyslog) => void;
  onError?: (error: Error) => void;
}

const cleanOrNull = (text: string | null) => (text === null ? null : cleanDeviceText(text));

const MAX_TCP_CONNECTIONS = 256;
const TCP_IDLE_MS = 5 * 60_000;
const MAX_REMEMBERED_SENDERS = 20;

/**
 * Receives syslog on one port over UDP and TCP. Each message is matched to a store device by the
 * address it came from (never by the hostname it claims, which the sender controls); messages from
 * addresses that are no device's intranetIp are counted and dropped.
 */
/** How many port numbers `start` tries when asked to pick one (port 0). */
const PICK_ATTEMPTS = 20;

export class SyslogReceiver {
  private devicesByIp = new Map<string, string>();
  private unmatched = 0;
  private unmatchedSenders = new Set<string>();
  private udp: UdpSocket | null = null;
  private tcp: Server | null = null;
  private readonly connections = new Set<Socket>();

  constructor(private readonly options: SyslogReceiverOptions) {}

  /** Replaces the devices that may send (all monitored devices of the store that have an address). */
  setDevices(devices: readonly MonitoredDevice[]): void {
    const byIp = new Map<string, string>();
    for (const device of devices) {
      const ip = canonicalIp(device.intranetIp);
      if (ip && !byIp.has(ip)) byIp.set(ip, device.deviceId);
    }
    this.devicesByIp = byIp;
  }

  /** Counters since the previous call (for the agentStats value), then resets them. */
  takeCounters(): SyslogCounters {
    const counters = { unmatched: this.unmatched, unmatchedSenders: [...this.unmatchedSenders] };
    this.unmatched = 0;
    this.unmatchedSenders.clear();
    return counters;
  }

  /**
   * Binds the UDP and TCP listeners on one port number. Resolves with the ports actually bound. Port 0
   * picks a free UDP port and takes the same number for TCP; when that TCP port is taken (a UDP port
   * being free says nothing of TCP), it tries another, up to PICK_ATTEMPTS times. A fixed port that is
   * taken rejects, with nothing left bound.
   */
  async start(): Promise<{ udpPort: number; tcpPort: number }> {
    const attempts = this.options.port === 0 ? PICK_ATTEMPTS : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.bindBoth();
      } catch (error) {
        if (attempt >= attempts || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      }
    }
  }

  private async bindBoth(): Promise<{ udpPort: number; tcpPort: number }> {
    const host = this.options.host ?? '0.0.0.0';
    const udp = createSocket({ type: host.includes(':') ? 'udp6' : 'udp4' });
    udp.on('message', (msg, rinfo) => this.receive(msg.toString('utf8'), rinfo.address, 'udp'));
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(this.options.port, host, () => {
        udp.off('error', reject);
        resolve();
      });
    });
    const tcp = createServer((socket) => this.acceptTcp(socket));
    tcp.maxConnections = MAX_TCP_CONNECTIONS;
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        // Same port number as UDP, as syslog senders assume.
        tcp.listen(udp.address().port, host, () => {
          tcp.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      throw error;
    }
    udp.on('error', (error) => this.options.onError?.(error));
    tcp.on('error', (error) => this.options.onError?.(error));
    this.udp = udp;
    this.tcp = tcp;
    const tcpAddress = tcp.address();
    return {
      udpPort: udp.address().port,
      tcpPort: typeof tcpAddress === 'object' && tcpAddress ? tcpAddress.port : 0,
    };
  }

  async stop(): Promise<void> {
    for (const socket of this.connections) socket.destroy();
    const udp = this.udp;
    const tcp = this.tcp;
    this.udp = null;
    this.tcp = null;
    if (udp) await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (tcp) await new Promise<void>((resolve) => tcp.close(() => resolve()));
  }

  private acceptTcp(socket: Socket): void {
    this.connections.add(socket);
    const decoder = new SyslogFrameDecoder();
    const sender = socket.remoteAddress ?? '';
    socket.setTimeout(TCP_IDLE_MS, () => socket.destroy());
    socket.on('data', (chunk) => {
      try {
        for (const frame of decoder.push(chunk)) this.receive(frame, sender, 'tcp');
      } catch {
        // An oversized frame leaves no way to find the next frame boundary: drop the sender.
        socket.destroy();
      }
    });
    socket.on('end', () => {
      for (const frame of decoder.end()) this.receive(frame, sender, 'tcp');
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.connections.delete(socket));
  }

  private receive(frame: string, sender: string, transport: 'udp' | 'tcp'): void {
    const hostIp = canonicalIp(sender) ?? sender;
    const deviceId = this.devicesByIp.get(hostIp);
    if (deviceId === undefined) {
      this.unmatched++;
      if (this.unmatchedSenders.size < MAX_REMEMBERED_SENDERS) this.unmatchedSenders.add(hostIp);
      return;
    }
    // NUL (which PostgreSQL cannot store) goes before parsing; the fields again after, since cutting
    // them at a length can split a surrogate pair. Tabs and newlines stay.
    const text = cleanDeviceText(frame);
    const parsed = parseSyslog(text);
    this.options.onMessage({
      ...parsed,
      timestamp: cleanOrNull(parsed.timestamp),
      hostname: cleanOrNull(parsed.hostname),
      app: cleanOrNull(parsed.app),
      procId: cleanOrNull(parsed.procId),
      msgId: cleanOrNull(parsed.msgId),
      structuredData: cleanOrNull(parsed.structuredData),
      message: cleanDeviceText(parsed.message),
      deviceId,
      hostIp,
      transport,
      raw: cleanDeviceText(text.slice(0, MAX_SYSLOG_TEXT)),
      at: Date.now(),
    });
  }
}
