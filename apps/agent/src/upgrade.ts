/**
 * The `upgrade` command: download the package from the server over HTTP with the box's key, check its
 * SHA-256 while it streams to disk, and install it. Installing, in this agent, means keeping the
 * package in `<dataDir>/upgrade/packages/` and recording `<dataDir>/upgrade/installed.json`
 * ({ version, sha256, bytes, installedAt }); what a packaged deployment does on top (unpack, swap, restart into
 * the new version) is in docs/decisions/versions.md. The box keeps reporting the version it runs
 * (AGENT_VERSION) until it restarts into the new one.
 *
 * The key goes only to the server the link goes to: a package URL on another origin is refused
 * (`packageLocation`, @storefleet/agent-link).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { packageLocation } from '@storefleet/agent-link';
import type { AgentCommand, UpgradeResult } from '@storefleet/contracts';

export type UpgradeCommand = Extract<AgentCommand, { name: 'upgrade' }>;

export interface UpgradeTarget {
  /** The server the link goes to, e.g. http://127.0.0.1:8080: package paths resolve against it. */
  server: string;
  key: string;
  dataDir: string;
  /** How long the download may take (default 9 minutes: the server waits 10 for the reply). */
  timeoutMs?: number;
}

/** The largest package the agent downloads when the command gives no size. */
export const MAX_PACKAGE_BYTES = 512 * 1024 * 1024;

export interface InstalledVersion {
  version: string;
  sha256: string;
  bytes: number;
  installedAt: string;
}

function upgradeDir(dataDir: string): string {
  return join(dataDir, 'upgrade');
}

/** The version this box installed last, or null. */
export async function installedVersion(dataDir: string): Promise<InstalledVersion | null> {
  try {
    const value: unknown = JSON.parse(await readFile(join(upgradeDir(dataDir), 'installed.json'), 'utf8'));
    if (value && typeof value === 'object' && 'version' in value && 'sha256' in value) {
      return value as InstalledVersion;
    }
  } catch {
    // none yet, or unreadable: treated as none
  }
  return null;
}

/** Downloads, checks and installs; throws an Error whose message says what went wrong. */
export async function runUpgrade(command: UpgradeCommand, target: UpgradeTarget): Promise<UpgradeResult> {
  const url = packageLocation(target.server, command.packageUrl);
  const already = await installedVersion(target.dataDir);
  if (already && already.version === command.version && already.sha256 === command.sha256) {
    return { version: already.version, sha256: already.sha256, bytes: already.bytes, running: false };
  }
  const dir = upgradeDir(target.dataDir);
  const packages = join(dir, 'packages');
  await mkdir(packages, { recursive: true });
  const partial = join(dir, `download-${randomBytes(6).toString('hex')}.part`);
  const limit = command.size ?? MAX_PACKAGE_BYTES;
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${target.key}` },
      signal: AbortSignal.timeout(target.timeoutMs ?? 9 * 60_000),
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`The server answered HTTP ${response.status} to the package download`);
    }
    const hash = createHash('sha256');
    let bytes = 0;
    const counted = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).map(
      (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > limit) throw new Error(`The package is larger than the ${limit} bytes announced`);
        hash.update(chunk);
        return chunk;
      },
    );
    await pipeline(counted, createWriteStream(partial, { mode: 0o640 }));
    const sha256 = hash.digest('hex');
    if (sha256 !== command.sha256) {
      throw new Error(
        `Checksum mismatch: the package downloaded has SHA-256 ${sha256}, the server announced ${command.sha256}; nothing was installed`,
      );
    }
    await rename(partial, join(packages, `${sha256}.pkg`));
    const record: InstalledVersion = {
      version: command.version,
      sha256,
      bytes,
      installedAt: new Date().toISOString(),
    };
    const recordTmp = join(dir, 'installed.json.tmp');
    await writeFile(recordTmp, `${JSON.stringify(record)}\n`, { mode: 0o640 });
    await rename(recordTmp, join(dir, 'installed.json'));
    return { version: command.version, sha256, bytes, running: false };
  } finally {
    await rm(partial, { force: true });
  }
}
