/** Printing benchmark figures: a plain table, and one PASS/FAIL line per bar. */
import { availableParallelism, cpus, loadavg } from 'node:os';

export interface Bar {
  name: string;
  pass: boolean;
  /** The measured figure against the bar, e.g. "23,400 values/s ≥ 20,000". */
  detail: string;
}

/** The median of `values` (the mean of the two middle ones for an even count; 0 for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The `p`th percentile of `values` (nearest rank; 0 for none). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** A whole number with thousands separators. */
export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function mb(bytes: number): string {
  return `${fmt(bytes / 1024 / 1024)} MB`;
}

/** Prints `rows` under `header` with aligned columns (first column left, others right). */
export function printTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  process.stdout.write(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}

/** Prints one PASS/FAIL line per bar; returns whether all passed. */
export function printBars(label: string, bars: readonly Bar[]): boolean {
  for (const bar of bars) {
    process.stdout.write(`${bar.pass ? 'PASS' : 'FAIL'}  [${label}] ${bar.name}: ${bar.detail}\n`);
  }
  return bars.every((bar) => bar.pass);
}

/** Reads `--name <number>` from argv, or `fallback`. */
export function numberArg(argv: readonly string[], name: string, fallback: number): number {
  const index = argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** The 1-minute load average against the core count: other work on the machine skews every figure. */
export function machineLine(): string {
  const [one] = loadavg();
  const cores = availableParallelism();
  const busy = (one ?? 0) > cores * 0.5 ? '  ← machine busy: figures are skewed, re-run when idle' : '';
  return `machine: ${cores} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, load average ${fmt(one ?? 0, 2)}${busy}`;
}
