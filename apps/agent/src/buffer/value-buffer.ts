import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { type AgentValue, LEGACY_SEQ_EPOCH, type UnsequencedValue } from '@storefleet/contracts';

import { JsonMapFile } from './json-map-file';
import { Segment, segmentIdOf } from './segment';

export interface ValueBufferOptions {
  /** Most values kept on disk, acked or not (default 200,000). */
  maxValues?: number;
  /** Most bytes kept on disk (default 64 MiB). */
  maxBytes?: number;
  /** Values per segment file, the unit in which the oldest values are dropped (default 500). */
  segmentValues?: number;
}

/** Where a reader is in the buffer: a segment and a line in it. */
export interface BufferCursor {
  segment: number;
  line: number;
}
export const BUFFER_START: BufferCursor = { segment: 0, line: 0 };

/** The epoch of counters that start afresh, or of counters older than epochs. */
function readEpoch(path: string, countersFound: boolean): string {
  if (countersFound && existsSync(path)) {
    const saved = readFileSync(path, 'utf8').trim();
    if (saved.length > 0 && saved.length <= 64) return saved;
  }
  // Counters from before epochs keep their numbers: the server knows them as the legacy epoch.
  const epoch = countersFound ? LEGACY_SEQ_EPOCH : randomUUID();
  writeFileSync(`${path}.tmp`, epoch);
  renameSync(`${path}.tmp`, path);
  return epoch;
}

/**
 * The agent's on-disk outbox. Every value gets the next seq of its device here and is written to disk
 * before it is sent; it stays until the server acks it, across link drops and agent restarts. When the
 * buffer is full the oldest segment goes, and its unacked values are counted as dropped.
 *
 * Seqs never come from the clock (a box whose clock goes back must not reuse numbers): a device's
 * counter starts at 1 and only grows. Counters that start afresh (new or wiped directory, unreadable
 * `seq.json`) get a new epoch, which the link sends in hello, so the server forgets its marks of the
 * earlier counters instead of taking the new numbers for values it already has.
 *
 * Files in the directory: `seq.json` (last seq per device, written before values that use it, so seqs
 * never repeat), `epoch` (the counters' epoch), `acked.json` (highest acked seq per device),
 * `segment-NNNNNNNNN.jsonl` (values).
 */
export class ValueBuffer {
  private readonly seqFile: JsonMapFile;
  private readonly ackedFile: JsonMapFile;
  private readonly segments: Segment[] = [];
  private current: Segment | null = null;
  private nextSegmentId: number;
  private dropped = 0;
  private cache: { id: number; values: (AgentValue | null)[] } | null = null;
  private readonly maxValues: number;
  private readonly maxBytes: number;
  private readonly segmentValues: number;
  /** The epoch of this directory's seq counters (see the class comment). */
  readonly epoch: string;

  constructor(
    private readonly dir: string,
    options: ValueBufferOptions = {},
  ) {
    this.maxValues = options.maxValues ?? 200_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.segmentValues = Math.max(1, Math.min(options.segmentValues ?? 500, this.maxValues));
    mkdirSync(dir, { recursive: true });
    this.seqFile = new JsonMapFile(join(dir, 'seq.json'));
    this.epoch = readEpoch(join(dir, 'epoch'), this.seqFile.found);
    this.ackedFile = new JsonMapFile(join(dir, 'acked.json'));
    const ids = readdirSync(dir)
      .map(segmentIdOf)
      .filter((id): id is number => id !== null)
      .sort((a, b) => a - b);
    for (const id of ids) {
      const { segment, torn } = Segment.load(dir, id);
      this.dropped += torn;
      // Values on disk prove their seq was used, even if seq.json lags behind them.
      segment.deviceIds.forEach((deviceId, i) => {
        const seq = segment.seqs[i] ?? 0;
        if (seq > (this.seqFile.values.get(deviceId) ?? 0)) this.seqFile.values.set(deviceId, seq);
      });
      this.segments.push(segment);
    }
    // Never append to a file from an earlier run: its last line may be torn.
    this.nextSegmentId = (ids.at(-1) ?? 0) + 1;
    this.removeAcked();
  }

  /** Gives each value the next seq of its device, writes them to disk and returns them with their seq. */
  append(values: readonly UnsequencedValue[]): AgentValue[] {
    if (values.length === 0) return [];
    const counters = this.seqFile.values;
    const sequenced = values.map((value) => {
      const seq = (counters.get(value.deviceId) ?? 0) + 1;
      counters.set(value.deviceId, seq);
      return { ...value, seq } as AgentValue;
    });
    this.seqFile.save();
    for (let i = 0; i < sequenced.length; ) {
      if (!this.current || this.current.count >= this.segmentValues) this.openSegment();
      const segment = this.current as Segment;
      const room = this.segmentValues - segment.count;
      segment.append(sequenced.slice(i, i + room));
      i += room;
    }
    this.enforceBounds();
    return sequenced;
  }

  /**
   * Forgets values the server committed: for each device, every value with seq ≤ the given seq. A
   * mark above a device's counter means those numbers were used by an earlier copy of this directory
   * (restored from a backup): the counter continues above it, so new values are not taken for old ones.
   */
  ack(committed: readonly { deviceId: string; seq: number }[]): void {
    const acked = this.ackedFile.values;
    const counters = this.seqFile.values;
    let changed = false;
    let behind = false;
    for (const { deviceId, seq } of committed) {
      if (seq > (acked.get(deviceId) ?? 0)) {
        acked.set(deviceId, seq);
        changed = true;
      }
      if (seq > (counters.get(deviceId) ?? 0)) {
        counters.set(deviceId, seq);
        behind = true;
      }
    }
    if (behind) this.seqFile.save();
    if (!changed) return;
    this.ackedFile.save();
    this.removeAcked();
  }

  /** Up to `max` unacked values after `cursor`, oldest first, and the cursor after them. */
  read(cursor: BufferCursor, max: number): { values: AgentValue[]; cursor: BufferCursor } {
    const values: AgentValue[] = [];
    let at = cursor;
    for (const segment of this.segments) {
      if (segment.id < at.segment) continue;
      if (segment.id > at.segment) at = { segment: segment.id, line: 0 };
      const lines = this.linesOf(segment);
      while (at.line < lines.length && values.length < max) {
        const value = lines[at.line];
        at = { segment: segment.id, line: at.line + 1 };
        if (value && value.seq > (this.ackedFile.values.get(value.deviceId) ?? 0)) values.push(value);
      }
      if (values.length >= max) break;
    }
    return { values, cursor: at };
  }

  /** Values dropped (buffer full, torn writes) since the previous call. */
  takeDropped(): number {
    const n = this.dropped;
    this.dropped = 0;
    return n;
  }

  /** Values waiting for an ack. */
  depth(): number {
    return this.segments.reduce((n, s) => n + s.unacked(this.ackedFile.values), 0);
  }

  private openSegment(): void {
    this.current = Segment.create(this.dir, this.nextSegmentId++);
    this.segments.push(this.current);
  }

  private linesOf(segment: Segment): (AgentValue | null)[] {
    // The open segment grows; re-read it when it has more lines than the cached copy.
    if (this.cache?.id !== segment.id || this.cache.values.length < segment.count) {
      this.cache = { id: segment.id, values: segment.readValues() };
    }
    return this.cache.values;
  }

  private enforceBounds(): void {
    const total = () => this.segments.reduce((n, s) => n + s.count, 0);
    const bytes = () => this.segments.reduce((n, s) => n + s.bytes, 0);
    while (this.segments.length > 1 && (total() > this.maxValues || bytes() > this.maxBytes)) {
      const oldest = this.segments.shift() as Segment;
      this.dropped += oldest.unacked(this.ackedFile.values);
      oldest.delete();
    }
  }

  private removeAcked(): void {
    // Oldest first: acks arrive in send order, so later segments are rarely done before earlier ones.
    while (this.segments[0]?.fullyAcked(this.ackedFile.values)) {
      const done = this.segments.shift() as Segment;
      done.delete();
      if (done === this.current) this.current = null;
    }
  }
}
