/**
 * The simulated box's `upgrade`: the same download as the real agent's (HTTP from the box's own server,
 * which is on loopback, with the box key; SHA-256 checked), but "installing" only switches the version
 * the box reports. A box started with `corruptUpgrade` spoils one byte of what it downloaded, so its
 * checksum does not match: the failure the console must show (tests and the demo use it).
 */
import { createHash } from 'node:crypto';

import { packageLocation } from '@storefleet/agent-link';
import type { AgentCommand, UpgradeResult } from '@storefleet/contracts';

export interface SimulatedUpgradeTarget {
  /** The box's server, http(s)://127.0.0.1:port (the link's URL turned back into HTTP). */
  server: string;
  key: string;
  corrupt: boolean;
}

/** The largest package a simulated box downloads. */
const MAX_BYTES = 512 * 1024 * 1024;

export async function simulatedUpgrade(
  command: Extract<AgentCommand, { name: 'upgrade' }>,
  target: SimulatedUpgradeTarget,
): Promise<UpgradeResult> {
  const url = packageLocation(target.server, command.packageUrl);
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${target.key}` },
    signal: AbortSignal.timeout(9 * 60_000),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`The server answered HTTP ${response.status} to the package download`);
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > (command.size ?? MAX_BYTES)) {
    throw new Error(`The package is larger than the ${command.size ?? MAX_BYTES} bytes announced`);
  }
  if (target.corrupt && bytes.length > 0) bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== command.sha256) {
    throw new Error(
      `Checksum mismatch: the package downloaded has SHA-256 ${sha256}, the server announced ${command.sha256}; nothing was installed`,
    );
  }
  return { version: command.version, sha256, bytes: bytes.length, running: true };
}

/** The HTTP base of a loopback link URL (ws://127.0.0.1:8080/api/agent/link → http://127.0.0.1:8080). */
export function serverOfLink(linkUrl: string): string {
  const url = new URL(linkUrl);
  return `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}`;
}
