import { execFile } from 'node:child_process';

import type { HostDisk } from '@storefleet/contracts';
import type { z } from 'zod';

export type DiskRow = z.infer<typeof HostDisk>;

// Memory-backed and image filesystems say nothing about the disk a person worries about.
const PSEUDO = new Set(['tmpfs', 'devtmpfs', 'squashfs', 'overlay', 'none', 'udev', 'efivarfs', 'shm']);

/**
 * Reads `df -kP` output (POSIX format: sizes in KiB, one line per filesystem; the mount point is the
 * rest of the line, as it may contain spaces). Pseudo filesystems other than the root are left out.
 */
export function parseDf(output: string): DiskRow[] {
  const rows: DiskRow[] = [];
  for (const line of output.split('\n').slice(1)) {
    const match = /^(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+%|-)\s+(.+)$/.exec(line.trim());
    if (!match) continue;
    const [, filesystem = '', size = '', used = '', available = '', usedPercent = '', mountedOn = ''] = match;
    // A container's root is an overlay: still the disk the agent lives on.
    if ((PSEUDO.has(filesystem) && mountedOn !== '/') || size === '0') continue;
    rows.push({ filesystem, size, used, available, usedPercent, mountedOn });
    if (rows.length >= 256) break;
  }
  return rows;
}

/** The host's disks from `df -kP`; an empty list when df is missing or fails outright. */
export function readDisks(): Promise<DiskRow[]> {
  return new Promise((resolve) => {
    execFile(
      'df',
      ['-kP'],
      { env: { ...process.env, LC_ALL: 'C' }, timeout: 10_000, maxBuffer: 1024 * 1024 },
      // df exits non-zero when one mount is unreadable but still prints the others.
      (_error, stdout) => resolve(parseDf(String(stdout ?? ''))),
    );
  });
}
