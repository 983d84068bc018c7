import { spawn } from 'node:child_process';
import { isIP } from 'node:net';

import { type PingSummary, parsePingOutput, UNREACHABLE } from './ping-output';

export interface PingOptions {
  /** Echo requests to send (default 4). */
  count?: number;
  /** Seconds to wait for each reply (default 1). */
  replyTimeoutSeconds?: number;
  /** The `ping` binary (default `ping` from PATH). */
  binary?: string;
}

/** Thrown for an address that is not a literal IPv4/IPv6 address; hostnames are never resolved or pinged. */
export class InvalidAddressError extends Error {}

const MAX_OUTPUT = 64 * 1024;

/**
 * Pings an IPv4 or IPv6 address with the system `ping` (ICMP echo, which needs no raw-socket code of our
 * own and works unprivileged where the OS allows ping sockets). A host that does not answer, or a ping
 * that cannot run, yields offline with loss 1 rather than an error, because that is what a person needs
 * to see for the device.
 */
export async function pingHost(address: string, options: PingOptions = {}): Promise<PingSummary> {
  const family = isIP(address);
  if (family === 0) throw new InvalidAddressError(`"${address}" is not an IPv4 or IPv6 address`);
  const count = options.count ?? 4;
  const wait = options.replyTimeoutSeconds ?? 1;
  const args = ['-n', family === 6 ? '-6' : '-4', '-c', String(count), '-i', '0.2', '-W', String(wait)];
  // Deadline so a ping that never returns (stuck DNS-less resolver, odd builds) cannot hold a probe cycle.
  const deadlineMs = (count * 0.2 + wait + 2) * 1000;
  const output = await run(options.binary ?? 'ping', [...args, address], deadlineMs);
  return output === null ? UNREACHABLE : parsePingOutput(output);
}

function run(binary: string, args: string[], deadlineMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(binary, args, {
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      if (output.length < MAX_OUTPUT) output += chunk.toString('utf8');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}
