/**
 * The accepted rows of an import, held compactly until the write (docs/decisions/inventory.md,
 * "Import memory"). 50,000 rows as objects of strings cost ~47 MB of heap, and their strings are
 * slices of ExcelJS's parser chunks, which they keep alive. Here each row's values are one JSON text
 * (a fixed key order, no keys) written as UTF-8 into large buffers, with the row number, the
 * update flag and a dropped flag in typed arrays: ~8 MB for the same rows, outside the JS heap, and
 * no reference back into the parser. A row is decoded again only when its batch is written.
 */
import { type ImportValues, ownCopy } from './inventory-import-rows';

/** The value keys in storage order (every key of ImportValues, once). */
const KEYS = [
  'assetNo',
  'deviceName',
  'deviceCategory',
  'deviceClass',
  'deviceBrand',
  'model',
  'deviceSn',
  'deviceSystem',
  'connectType',
  'intranetIp',
  'macAddress',
  'macKey',
  'specifications',
  'propertyType',
  'serviceLife',
  'custodian',
  'obtainTime',
  'vinNo',
  'inumber',
  'status',
  'remark',
  'index',
] as const satisfies ReadonlyArray<keyof ImportValues>;

// A key added to ImportValues and not stored here fails the type check.
type Missing = Exclude<keyof ImportValues, (typeof KEYS)[number]>;
const ALL_KEYS_STORED: [Missing] extends [never] ? true : never = true;
void ALL_KEYS_STORED;

/** Bytes per storage block; a row larger than this gets a block of its own. */
const BLOCK_BYTES = 1024 * 1024;

export interface AcceptedRow {
  row: number;
  values: ImportValues;
  /** True when the asset number exists in this store: the row updates that record. */
  update: boolean;
}

function grown<T extends Uint8Array | Int32Array>(array: T, need: number, make: (n: number) => T): T {
  if (need <= array.length) return array;
  const next = make(Math.max(need, array.length * 2));
  next.set(array);
  return next;
}

/** AcceptedRows as plain data for a worker's `postMessage`: `transfer` hands the buffers over without a copy. */
export interface PackedRows {
  blocks: ArrayBuffer[];
  used: number;
  where: Int32Array<ArrayBuffer>;
  rows: Int32Array<ArrayBuffer>;
  flags: Uint8Array<ArrayBuffer>;
  assetNos: string[];
  count: number;
}

export class AcceptedRows {
  private blocks: Buffer[] = [];
  private used: number;
  /** Per row: block index, start, end (bytes). */
  private where = new Int32Array(3 * 1024);
  private rows = new Int32Array(1024);
  private flags = new Uint8Array(1024);
  /** Per row: its asset number (flat copies), for the write's re-check without decoding the row. */
  private assetNos: string[] = [];
  private count = 0;

  /** `blockBytes`: the storage block (smaller for the parts a read hands over while it goes on). */
  constructor(private readonly blockBytes = BLOCK_BYTES) {
    this.used = blockBytes;
  }

  /** Rows held, dropped ones included. */
  get length(): number {
    return this.count;
  }

  push(row: number, values: ImportValues, update: boolean): void {
    const text = JSON.stringify(KEYS.map((k) => values[k]));
    // A UTF-8 character takes at most 3 bytes per UTF-16 unit: a row that may not fit starts a block.
    const most = 3 * text.length;
    if (this.used + most > (this.blocks.at(-1)?.length ?? 0)) {
      this.blocks.push(Buffer.allocUnsafeSlow(Math.max(this.blockBytes, most)));
      this.used = 0;
    }
    const block = this.blocks.length - 1;
    const size = (this.blocks[block] as Buffer).write(text, this.used);
    const i = this.count++;
    this.where = grown(this.where, 3 * this.count, (n) => new Int32Array(n));
    this.rows = grown(this.rows, this.count, (n) => new Int32Array(n));
    this.flags = grown(this.flags, this.count, (n) => new Uint8Array(n));
    this.where[3 * i] = block;
    this.where[3 * i + 1] = this.used;
    this.where[3 * i + 2] = this.used + size;
    this.rows[i] = row;
    this.flags[i] = update ? 1 : 0;
    this.assetNos.push(ownCopy(values.assetNo));
    this.used += size;
  }

  /** Row `i` (0-based, in reading order). */
  at(i: number): AcceptedRow {
    const [block, start, end] = this.where.subarray(3 * i, 3 * i + 3);
    const list = JSON.parse(this.blocks[block ?? 0]?.toString('utf8', start, end) ?? '[]') as unknown[];
    const values = Object.fromEntries(KEYS.map((k, at) => [k, list[at] ?? null])) as unknown as ImportValues;
    return { row: this.rows[i] ?? 0, values, update: ((this.flags[i] ?? 0) & 1) === 1 };
  }

  /** Row `i`'s asset number (no decoding). */
  assetNoAt(i: number): string {
    return this.assetNos[i] ?? '';
  }

  /** Row `i`'s number in the sheet. */
  rowAt(i: number): number {
    return this.rows[i] ?? 0;
  }

  /** Whether row `i` was dropped (it turned bad in the write transaction). */
  dropped(i: number): boolean {
    return ((this.flags[i] ?? 0) & 2) === 2;
  }

  /** Marks row `i` dropped: no longer written nor counted. */
  drop(i: number): void {
    this.flags[i] = (this.flags[i] ?? 0) | 2;
  }

  /** Sets whether row `i` updates an existing record. */
  setUpdate(i: number, update: boolean): void {
    this.flags[i] = ((this.flags[i] ?? 0) & ~1) | (update ? 1 : 0);
  }

  /** The kept rows in reading order. */
  *kept(): Generator<AcceptedRow> {
    for (let i = 0; i < this.count; i++) if (!this.dropped(i)) yield this.at(i);
  }

  /** Kept rows: how many add a record, how many update one. */
  counts(): { added: number; updated: number } {
    let added = 0;
    let updated = 0;
    for (let i = 0; i < this.count; i++) {
      if (this.dropped(i)) continue;
      if (((this.flags[i] ?? 0) & 1) === 1) updated++;
      else added++;
    }
    return { added, updated };
  }

  /**
   * The rows as plain data (the import worker sends them to the server thread). The buffers go with
   * it: this instance is not used afterwards.
   */
  pack(): { packed: PackedRows; transfer: ArrayBuffer[] } {
    const n = this.count;
    const packed: PackedRows = {
      blocks: this.blocks.map((b) => b.buffer as ArrayBuffer),
      used: this.used,
      where: this.where.slice(0, 3 * n),
      rows: this.rows.slice(0, n),
      flags: this.flags.slice(0, n),
      assetNos: this.assetNos,
      count: n,
    };
    const transfer = [
      ...new Set([...packed.blocks, packed.where.buffer, packed.rows.buffer, packed.flags.buffer]),
    ] as ArrayBuffer[];
    return { packed, transfer };
  }

  /** The rows `pack` gave (after the transfer). */
  static unpack(packed: PackedRows): AcceptedRows {
    const rows = new AcceptedRows();
    // Blocks are allocated whole (allocUnsafeSlow): each buffer is its block.
    rows.blocks = packed.blocks.map((b) => Buffer.from(b));
    rows.used = packed.used;
    rows.where = packed.where.length > 0 ? packed.where : new Int32Array(3);
    rows.rows = packed.rows.length > 0 ? packed.rows : new Int32Array(1);
    rows.flags = packed.flags.length > 0 ? packed.flags : new Uint8Array(1);
    rows.assetNos = packed.assetNos;
    rows.count = packed.count;
    return rows;
  }

  /** The kept rows as a list (tests and small imports). */
  list(): AcceptedRow[] {
    return [...this.kept()];
  }
}
