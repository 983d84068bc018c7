/**
 * A small zip reader and writer for checking uploads before any parser inflates them. It is ours,
 * over node:zlib, rather than a dependency: the checks need the central directory exactly as written
 * (declared sizes, offsets, flags) to refuse a bomb before a byte is inflated, and the zip libraries
 * at hand (unzipper, jszip) inflate on their own terms and read local headers, which may disagree
 * with the central directory. Only what an .xlsx uses is read: stored and deflated entries, one disk,
 * no ZIP64, no encryption.
 */
import { promisify } from 'node:util';
import { crc32, createInflateRaw, inflateRaw } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_BYTES = 46;
const END_BYTES = 22;
const MAX_COMMENT = 0xffff;
export const STORED = 0;
export const DEFLATED = 8;

export type ZipProblemReason =
  | 'not-zip'
  | 'damaged'
  | 'encrypted'
  | 'zip64'
  | 'method'
  | 'too-many-entries'
  | 'size-mismatch';

/** Why an archive cannot be read; `detail` names the entry or the field at fault. */
export class ZipProblem extends Error {
  override name = 'ZipProblem';
  constructor(
    readonly reason: ZipProblemReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  /** The uncompressed size the central directory declares (checked again while inflating). */
  size: number;
  localOffset: number;
  /** Where the entry's compressed bytes start and end in the archive. */
  dataStart: number;
  dataEnd: number;
}

function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - END_BYTES - MAX_COMMENT);
  for (let at = bytes.length - END_BYTES; at >= lowest; at--) {
    // The record ends the file exactly: its comment length must reach the last byte.
    if (
      bytes.readUInt32LE(at) === END_OF_DIRECTORY &&
      at + END_BYTES + bytes.readUInt16LE(at + 20) === bytes.length
    )
      return at;
  }
  throw new ZipProblem('not-zip', 'no end of central directory');
}

/**
 * The entries of the central directory, each checked to lie inside the archive, before the
 * directory and apart from every other entry (overlapping entries are how small bombs grow large).
 * The entry count is checked against `maxEntries` before a single entry is read.
 */
export function readZipDirectory(bytes: Buffer, maxEntries: number): ZipEntry[] {
  if (bytes.length < END_BYTES) throw new ZipProblem('not-zip', 'too short');
  const end = findEndOfDirectory(bytes);
  const disk = bytes.readUInt16LE(end + 4);
  const directoryDisk = bytes.readUInt16LE(end + 6);
  const onDisk = bytes.readUInt16LE(end + 8);
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryStart = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryStart === 0xffffffff)
    throw new ZipProblem('zip64', 'end of central directory');
  if (disk !== 0 || directoryDisk !== 0 || onDisk !== count)
    throw new ZipProblem('damaged', 'spans several disks');
  if (count > maxEntries) throw new ZipProblem('too-many-entries', String(count));
  if (directoryStart + directorySize > end) throw new ZipProblem('damaged', 'central directory');

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_BYTES > end || bytes.readUInt32LE(at) !== CENTRAL_HEADER)
      throw new ZipProblem('damaged', `central directory entry ${i + 1}`);
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const next =
      at + CENTRAL_HEADER_BYTES + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    if (next > end) throw new ZipProblem('damaged', `central directory entry ${i + 1}`);
    const name = bytes.toString('utf8', at + CENTRAL_HEADER_BYTES, at + CENTRAL_HEADER_BYTES + nameLength);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
      throw new ZipProblem('zip64', name);
    if (flags & 0x41) throw new ZipProblem('encrypted', name);
    if (method !== STORED && method !== DEFLATED) throw new ZipProblem('method', name);
    if (names.has(name)) throw new ZipProblem('damaged', `${name} appears twice`);
    names.add(name);
    if (localOffset + LOCAL_HEADER_BYTES > directoryStart || bytes.readUInt32LE(localOffset) !== LOCAL_HEADER)
      throw new ZipProblem('damaged', name);
    const dataStart =
      localOffset +
      LOCAL_HEADER_BYTES +
      bytes.readUInt16LE(localOffset + 26) +
      bytes.readUInt16LE(localOffset + 28);
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > directoryStart) throw new ZipProblem('damaged', name);
    entries.push({
      name,
      method,
      flags,
      crc32: bytes.readUInt32LE(at + 16),
      compressedSize,
      size,
      localOffset,
      dataStart,
      dataEnd,
    });
    at = next;
  }
  const byPlace = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 1; i < byPlace.length; i++) {
    const before = byPlace[i - 1] as ZipEntry;
    const entry = byPlace[i] as ZipEntry;
    // The next local header starts after this entry's data (a data descriptor may sit in between).
    if (entry.localOffset < before.dataEnd)
      throw new ZipProblem('damaged', `${entry.name} overlaps ${before.name}`);
  }
  return entries;
}

/**
 * The entry's bytes, inflated in zlib's thread pool with the output capped at the declared size: an
 * entry whose header lies about its size is stopped one chunk past the lie, never inflated in full.
 */
export async function inflateEntry(bytes: Buffer, entry: ZipEntry): Promise<Buffer> {
  const data = bytes.subarray(entry.dataStart, entry.dataEnd);
  let out: Buffer;
  if (entry.method === STORED) {
    out = data;
  } else {
    try {
      out = await inflateRawAsync(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new ZipProblem('size-mismatch', entry.name);
      throw new ZipProblem('damaged', entry.name);
    }
  }
  if (out.length !== entry.size) throw new ZipProblem('size-mismatch', entry.name);
  if (crc32(out) !== entry.crc32) throw new ZipProblem('damaged', `${entry.name} (checksum)`);
  return out;
}

/**
 * The entry's bytes inflated as a stream of chunks, stopped with `size-mismatch` as soon as they run
 * past the declared size (a bomb's lie costs one chunk); at the end the size and the checksum must be
 * the declared ones. Nothing is kept: the caller sees each chunk once.
 */
export async function* inflateEntryChunks(bytes: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const data = bytes.subarray(entry.dataStart, entry.dataEnd);
  let total = 0;
  let crc = 0;
  const take = (chunk: Buffer): Buffer => {
    total += chunk.length;
    if (total > entry.size) throw new ZipProblem('size-mismatch', entry.name);
    crc = crc32(chunk, crc);
    return chunk;
  };
  if (entry.method === STORED) {
    for (let at = 0; at < data.length; at += 64 * 1024) yield take(data.subarray(at, at + 64 * 1024));
  } else {
    const inflater = createInflateRaw();
    inflater.end(data);
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) yield take(chunk);
    } catch (error) {
      if (error instanceof ZipProblem) throw error;
      throw new ZipProblem('damaged', entry.name);
    } finally {
      inflater.destroy();
    }
  }
  if (total !== entry.size) throw new ZipProblem('size-mismatch', entry.name);
  if (crc !== entry.crc32) throw new ZipProblem('damaged', `${entry.name} (checksum)`);
}

export interface ZipPart {
  name: string;
  method: typeof STORED | typeof DEFLATED;
  /** The bytes as stored in the archive (deflated when `method` is DEFLATED). */
  data: Buffer;
  /** Uncompressed size and checksum, written as given (tests write lying ones on purpose). */
  size: number;
  crc32: number;
}

/** A stored (uncompressed) part of `data`. */
export function storedPart(name: string, data: Buffer): ZipPart {
  return { name, method: STORED, data, size: data.length, crc32: crc32(data) };
}

/** The headers of one part: the local one (before its data) and its central directory entry. */
function partHeaders(
  part: { name: string; method: number; size: number; crc32: number },
  storedBytes: number,
  offset: number,
): { name: Buffer; local: Buffer; central: Buffer } {
  const name = Buffer.from(part.name, 'utf8');
  const local = Buffer.alloc(LOCAL_HEADER_BYTES);
  local.writeUInt32LE(LOCAL_HEADER, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6); // names are UTF-8
  local.writeUInt16LE(part.method, 8);
  local.writeUInt32LE(part.crc32, 14);
  local.writeUInt32LE(storedBytes, 18);
  local.writeUInt32LE(part.size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(CENTRAL_HEADER_BYTES);
  central.writeUInt32LE(CENTRAL_HEADER, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(part.method, 10);
  central.writeUInt32LE(part.crc32, 16);
  central.writeUInt32LE(storedBytes, 20);
  central.writeUInt32LE(part.size, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(offset, 42);
  return { name, local, central };
}

function endOfDirectory(count: number, directorySize: number, directoryStart: number): Buffer {
  const end = Buffer.alloc(END_BYTES);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryStart, 16);
  return end;
}

/** A zip archive of `parts`, as chunks in file order (so the parts' bytes are not copied). */
export function writeZip(parts: readonly ZipPart[]): Buffer[] {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { name, local, central } = partHeaders(part, part.data.length, offset);
    chunks.push(local, name, part.data);
    directory.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directorySize = directory.reduce((sum, chunk) => sum + chunk.length, 0);
  return [...chunks, ...directory, endOfDirectory(parts.length, directorySize, offset)];
}

/** A checked part whose bytes come as chunks when it is read (a large part is never whole in memory). */
export interface StreamedPart {
  name: string;
  size: number;
  crc32: number;
  chunks: () => AsyncIterable<Buffer> | Iterable<Buffer>;
}
