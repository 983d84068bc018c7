import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import type { AgentValue } from '@storefleet/contracts';

const NAME = /^segment-(\d{9})\.jsonl$/;

/** The file name of segment `id`; ids sort the same way as names. */
export function segmentFileName(id: number): string {
  return `segment-${String(id).padStart(9, '0')}.jsonl`;
}

/** The id in a segment file name, or null for any other file. */
export function segmentIdOf(fileName: string): number | null {
  const match = NAME.exec(fileName);
  return match ? Number(match[1]) : null;
}

/**
 * One append-only JSON-lines file of buffered values. In memory it keeps only each line's (deviceId,
 * seq), enough to know which values are acked, how many are waiting and when the file can go.
 */
export class Segment {
  readonly deviceIds: string[] = [];
  readonly seqs: number[] = [];
  bytes = 0;
  private readonly maxSeq = new Map<string, number>();

  constructor(
    readonly id: number,
    readonly path: string,
  ) {}

  static create(dir: string, id: number): Segment {
    return new Segment(id, join(dir, segmentFileName(id)));
  }

  /**
   * Reads a segment written by an earlier run. Lines that do not parse (a torn last write) are left out;
   * their count is returned so the loss is reported like any other drop.
   */
  static load(dir: string, id: number): { segment: Segment; torn: number } {
    const segment = Segment.create(dir, id);
    let torn = 0;
    for (const line of readFileSync(segment.path, 'utf8').split('\n')) {
      if (line === '') continue;
      const value = parseLine(line);
      if (value) segment.note(value, Buffer.byteLength(line) + 1);
      else torn++;
    }
    return { segment, torn };
  }

  get count(): number {
    return this.seqs.length;
  }

  /** Appends values to the file. */
  append(values: readonly AgentValue[]): void {
    const lines = values.map((v) => JSON.stringify(v));
    const text = `${lines.join('\n')}\n`;
    appendFileSync(this.path, text);
    for (const [i, value] of values.entries()) this.note(value, Buffer.byteLength(lines[i] ?? '') + 1);
  }

  /** The values in file order; a line that does not parse reads as null so line numbers stay aligned. */
  readValues(): (AgentValue | null)[] {
    const lines = readFileSync(this.path, 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    return lines.map(parseLine);
  }

  /** How many values are not yet acked, given the acked seq per device. */
  unacked(acked: ReadonlyMap<string, number>): number {
    let n = 0;
    for (let i = 0; i < this.seqs.length; i++) {
      if ((this.seqs[i] ?? 0) > (acked.get(this.deviceIds[i] ?? '') ?? 0)) n++;
    }
    return n;
  }

  /** True when every value in the segment is acked, so the file can be deleted. */
  fullyAcked(acked: ReadonlyMap<string, number>): boolean {
    for (const [deviceId, seq] of this.maxSeq) if (seq > (acked.get(deviceId) ?? 0)) return false;
    return true;
  }

  delete(): void {
    rmSync(this.path, { force: true });
  }

  private note(value: AgentValue, bytes: number): void {
    this.deviceIds.push(value.deviceId);
    this.seqs.push(value.seq);
    this.bytes += bytes;
    this.maxSeq.set(value.deviceId, Math.max(this.maxSeq.get(value.deviceId) ?? 0, value.seq));
  }
}

// Our own file: a light shape check is enough; the server validates every value against the contract.
function parseLine(line: string): AgentValue | null {
  try {
    const value: unknown = JSON.parse(line);
    if (
      value &&
      typeof value === 'object' &&
      'deviceId' in value &&
      typeof value.deviceId === 'string' &&
      'seq' in value &&
      Number.isSafeInteger(value.seq) &&
      'kind' in value &&
      typeof value.kind === 'string'
    ) {
      return value as AgentValue;
    }
  } catch {
    // Torn write.
  }
  return null;
}
