import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { InvalidAddressError, pingHost } from './ping';
import { parsePingOutput } from './ping-output';

describe('ping probe', () => {
  it('reads 127.0.0.1 as online with a delay, jitter and no loss', async () => {
    const result = await pingHost('127.0.0.1', { count: 3 });
    expect(result.online).toBe(true);
    expect(result.received).toBe(3);
    expect(result.lossRate).toBe(0);
    expect(result.delayMs).toBeGreaterThan(0);
    expect(result.jitterMs).toBeGreaterThanOrEqual(0);
  });

  it('pings the IPv6 loopback ::1', async () => {
    const result = await pingHost('::1', { count: 2 });
    expect(result.online).toBe(true);
    expect(result.delayMs).toBeGreaterThan(0);
  });

  it('refuses a host name or anything that is not an IP address, so nothing is resolved or injected', async () => {
    await expect(pingHost('localhost')).rejects.toBeInstanceOf(InvalidAddressError);
    await expect(pingHost('-f')).rejects.toBeInstanceOf(InvalidAddressError);
    await expect(pingHost('127.0.0.1; reboot')).rejects.toBeInstanceOf(InvalidAddressError);
  });

  it('reads a host that ignores echo requests as offline with loss 1', () => {
    // A fresh network namespace whose loopback ignores ICMP echo: a real unanswered ping that never
    // leaves this namespace and does not touch the host's settings.
    const dir = mkdtempSync(join(tmpdir(), 'storefleet-ping-'));
    try {
      const script = join(dir, 'probe.mts');
      const probe = resolve(import.meta.dirname, 'ping.ts');
      writeFileSync(
        script,
        `import { pingHost } from ${JSON.stringify(probe)};\n` +
          `const [v4, v6] = await Promise.all([pingHost('127.0.0.1', { count: 2 }), pingHost('::1', { count: 2 })]);\n` +
          'console.log(JSON.stringify({ v4, v6 }));\n',
      );
      const tsx = resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
      const setup = [
        'ip link set lo up',
        'sysctl -qw net.ipv4.icmp_echo_ignore_all=1',
        'sysctl -qw net.ipv6.icmp.echo_ignore_all=1',
        `exec ${tsx} ${script}`,
      ].join(' && ');
      const run = spawnSync('unshare', ['--net', 'sh', '-c', setup], { encoding: 'utf8', timeout: 20_000 });
      expect(run.stderr).toBe('');
      const { v4, v6 } = JSON.parse(run.stdout);
      for (const result of [v4, v6]) {
        expect(result).toEqual({
          online: false,
          transmitted: 2,
          received: 0,
          lossRate: 1,
          delayMs: null,
          jitterMs: null,
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('ping output', () => {
  it('reads a partly answered iputils ping: average delay, max − min jitter, loss fraction', () => {
    const out = [
      'PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.',
      '--- 127.0.0.1 ping statistics ---',
      '4 packets transmitted, 3 received, 25% packet loss, time 603ms',
      'rtt min/avg/max/mdev = 0.030/0.050/0.090/0.020 ms',
    ].join('\n');
    expect(parsePingOutput(out)).toEqual({
      online: true,
      transmitted: 4,
      received: 3,
      lossRate: 0.25,
      delayMs: 0.05,
      jitterMs: 0.06,
    });
  });

  it('reads BusyBox ping output as found on OpenWrt gateways and Android', () => {
    const out = [
      '--- ::1 ping statistics ---',
      '3 packets transmitted, 3 packets received, 0% packet loss',
      'round-trip min/avg/max = 0.061/0.070/0.086 ms',
    ].join('\n');
    expect(parsePingOutput(out)).toMatchObject({ online: true, delayMs: 0.07, jitterMs: 0.025, lossRate: 0 });
  });

  it('reads a ping with no replies, or one that could not send, as offline with loss 1', () => {
    const silent = [
      '--- 127.0.0.1 ping statistics ---',
      '3 packets transmitted, 0 received, 100% packet loss, time 2030ms',
    ].join('\n');
    expect(parsePingOutput(silent)).toMatchObject({ online: false, lossRate: 1, delayMs: null });
    expect(parsePingOutput('ping: connect: Network is unreachable')).toMatchObject({
      online: false,
      lossRate: 1,
      transmitted: 0,
    });
  });
});
