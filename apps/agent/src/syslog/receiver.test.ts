import { execFileSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { type AddressInfo, createServer } from 'node:net';

import type { MonitoredDevice } from '@storefleet/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { WAIT } from '../test-support/wait';
import { type DeviceSyslog, SyslogReceiver } from './receiver';

const device = (deviceId: string, intranetIp: string): MonitoredDevice => ({
  deviceId,
  deviceName: `device ${deviceId}`,
  connectType: 3,
  intranetIp,
  port: 161,
  community: 'public',
  productType: 4,
  deviceSystem: 0,
});

// Attacker-looking text must come through byte for byte: the console shows it as text, SQL is parameterised.
const HOSTILE = `<script>alert("x")</script> ' OR 1=1; DROP TABLE device;-- =cmd|' /C calc'!A0`;

let received: DeviceSyslog[];
let receiver: SyslogReceiver;
let port: number;

beforeEach(async () => {
  received = [];
  receiver = new SyslogReceiver({ port: 0, host: '127.0.0.1', onMessage: (m) => received.push(m) });
  receiver.setDevices([device('7', '127.0.0.1'), device('8', '127.0.0.2')]);
  port = (await receiver.start()).udpPort;
});
afterEach(async () => {
  await receiver.stop();
});

function logger(args: string[], message: string): void {
  execFileSync('logger', ['-n', '127.0.0.1', '-P', String(port), ...args, '--', message]);
}

describe('syslog receiver with the real logger', () => {
  it('receives an RFC 3164 line over UDP and keeps facility, severity, tag and the exact message', async () => {
    logger(['--rfc3164', '-d', '-p', 'local3.warning', '-t', 'pos-app'], HOSTILE);
    await vi.waitFor(() => expect(received).toHaveLength(1), WAIT);
    expect(received[0]).toMatchObject({
      deviceId: '7',
      hostIp: '127.0.0.1',
      transport: 'udp',
      format: 'rfc3164',
      facility: 19,
      severity: 4,
      app: 'pos-app',
      message: HOSTILE,
    });
    expect(received[0]?.timestamp).toMatch(/^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d$/);
    expect(received[0]?.raw).toContain(HOSTILE);
  });

  it('receives an RFC 5424 line over TCP with newline framing', async () => {
    logger(['--rfc5424', '-T', '-p', 'auth.err', '-t', 'sshd', '--msgid', 'LOGIN'], HOSTILE);
    await vi.waitFor(() => expect(received).toHaveLength(1), WAIT);
    expect(received[0]).toMatchObject({
      deviceId: '7',
      transport: 'tcp',
      format: 'rfc5424',
      facility: 4,
      severity: 3,
      app: 'sshd',
      msgId: 'LOGIN',
      message: HOSTILE,
    });
    expect(received[0]?.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('receives RFC 5424 lines over TCP with octet-counted framing', async () => {
    logger(['--rfc5424', '-T', '--octet-count', '-p', 'daemon.info', '-t', 'printer'], 'paper low');
    logger(['--rfc5424', '-T', '--octet-count', '-p', 'daemon.notice', '-t', 'printer'], 'paper out\nline 2');
    await vi.waitFor(() => expect(received).toHaveLength(2), WAIT);
    expect(received.map((m) => [m.severity, m.message])).toEqual([
      [6, 'paper low'],
      [5, 'paper out\nline 2'],
    ]);
  });

  it('matches a sender to the device whose intranetIp it sends from', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.2', resolve));
    await new Promise<void>((resolve, reject) =>
      socket.send('<14>Jan  2 03:04:05 till7 pos: drawer opened', port, '127.0.0.1', (e) =>
        e ? reject(e) : resolve(),
      ),
    );
    socket.close();
    await vi.waitFor(() => expect(received).toHaveLength(1), WAIT);
    expect(received[0]).toMatchObject({ deviceId: '8', hostIp: '127.0.0.2', hostname: 'till7' });
  });

  it('delivers a UDP line carrying NUL without it, keeping tabs and newlines', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) =>
      socket.send(
        Buffer.from('<11>Jan  2 03:04:05 lp1 lpd: jam\u0000\u0000 tray\t2\nok\u0000'),
        port,
        '127.0.0.1',
        (e) => (e ? reject(e) : resolve()),
      ),
    );
    socket.close();
    await vi.waitFor(() => expect(received).toHaveLength(1), WAIT);
    expect(received[0]).toMatchObject({ deviceId: '7', app: 'lpd', message: 'jam tray\t2\nok' });
    expect(received[0]?.raw).toBe('<11>Jan  2 03:04:05 lp1 lpd: jam tray\t2\nok');
  });

  it('counts a line from an address that is no device of the store instead of delivering it', async () => {
    receiver.setDevices([device('8', '127.0.0.2')]);
    logger(['--rfc3164', '-d'], 'from a stranger');
    logger(['--rfc5424', '-T'], 'from a stranger over tcp');
    let unmatched = 0;
    const senders = new Set<string>();
    await vi.waitFor(() => {
      const counters = receiver.takeCounters();
      unmatched += counters.unmatched;
      for (const sender of counters.unmatchedSenders) senders.add(sender);
      expect(unmatched).toBe(2);
    }, WAIT);
    expect([...senders]).toEqual(['127.0.0.1']);
    expect(received).toEqual([]);
  });
  it('refuses a fixed port whose TCP number is taken, leaving its UDP port free again', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const busy = (taken.address() as AddressInfo).port;
    try {
      const other = new SyslogReceiver({ port: busy, host: '127.0.0.1', onMessage: () => {} });
      await expect(other.start()).rejects.toMatchObject({ code: 'EADDRINUSE' });
      const udp = createSocket('udp4');
      await new Promise<void>((resolve, reject) => {
        udp.once('error', reject);
        udp.bind(busy, '127.0.0.1', resolve);
      });
      await new Promise<void>((resolve) => udp.close(() => resolve()));
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
