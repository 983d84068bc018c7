import { readFileSync } from 'node:fs';
import { freemem, totalmem } from 'node:os';

import type { HostMemory } from '@storefleet/contracts';
import type { z } from 'zod';

export type MemoryRow = z.infer<typeof HostMemory>;

/**
 * Mem and Swap rows in KiB from /proc/meminfo text. "Used" memory is total − MemAvailable, as `free`
 * shows it: page cache the kernel can drop is not a reason to alarm anyone.
 */
export function parseMeminfo(text: string): MemoryRow[] {
  const kib = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\w+):\s+(\d+)(?: kB)?$/.exec(line.trim());
    if (match?.[1] && match[2]) kib.set(match[1], Number(match[2]));
  }
  const total = kib.get('MemTotal');
  if (total === undefined) return [];
  const available = kib.get('MemAvailable') ?? (kib.get('MemFree') ?? 0) + (kib.get('Cached') ?? 0);
  const rows: MemoryRow[] = [row('Mem', total, total - available)];
  const swapTotal = kib.get('SwapTotal');
  if (swapTotal !== undefined) rows.push(row('Swap', swapTotal, swapTotal - (kib.get('SwapFree') ?? 0)));
  return rows;
}

/** The host's memory rows: /proc/meminfo on Linux and Android, the os module elsewhere (no swap figure). */
export function readMemory(): MemoryRow[] {
  try {
    const rows = parseMeminfo(readFileSync('/proc/meminfo', 'utf8'));
    if (rows.length > 0) return rows;
  } catch {
    // Not Linux.
  }
  const total = Math.round(totalmem() / 1024);
  return [row('Mem', total, total - Math.round(freemem() / 1024))];
}

function row(type: 'Mem' | 'Swap', total: number, used: number): MemoryRow {
  const clamped = Math.max(0, Math.min(total, used));
  return { type, total: String(total), used: String(clamped), free: String(total - clamped) };
}
