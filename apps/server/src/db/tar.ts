/**
 * A small tar writer for backups: POSIX ustar, with a pax header when a name is longer than ustar holds
 * or a file is 8 GiB or more, so any `tar` (GNU, bsdtar, busybox) extracts it and no dependency is
 * needed. Regular files and directories only; the archive is created with mode 0600 because a backup
 * holds the token secret.
 */
import type { Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

const BLOCK = 512;
const CHUNK = 1024 * 1024;
/** Largest size (and id) the ustar octal fields hold: 11 and 7 octal digits. */
const USTAR_MAX_SIZE = 0o77777777777;
const USTAR_MAX_ID = 0o7777777;

interface Header {
  name: string;
  mode: number;
  uid: number;
  gid: number;
  size: number;
  mtimeMs: number;
  type: '0' | '5' | 'x';
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function headerBlock(header: Header): Buffer {
  const block = Buffer.alloc(BLOCK);
  const put = (text: string, offset: number, width: number) => {
    block.write(text, offset, width, 'utf8');
  };
  put(header.name, 0, 100);
  put(octal(header.mode & 0o7777, 8), 100, 8);
  put(octal(Math.min(header.uid, USTAR_MAX_ID), 8), 108, 8);
  put(octal(Math.min(header.gid, USTAR_MAX_ID), 8), 116, 8);
  put(octal(Math.min(header.size, USTAR_MAX_SIZE), 12), 124, 12);
  put(octal(Math.floor(header.mtimeMs / 1000), 12), 136, 12);
  put(header.type, 156, 1);
  put('ustar\u000000', 257, 8);
  // The checksum is taken with its own field read as spaces.
  put('        ', 148, 8);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/** One pax record, "<length> <key>=<value>\n", where length counts the whole record, itself included. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

export class TarWriter {
  private constructor(private readonly handle: FileHandle) {}

  /** Creates the archive at `path`; fails if something is already there. */
  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, 'wx', 0o600));
  }

  /** Adds the directory `name` (e.g. `uploads`) with the mode and times of `source`. */
  async addDirectory(name: string, source: Stats): Promise<void> {
    await this.writeHeader({ ...this.headerOf(`${name.replace(/\/$/, '')}/`, source, 0), type: '5' });
  }

  /** Adds the file at `source` as `name`; fails if its size changes while it is copied. */
  async addFile(name: string, source: string): Promise<number> {
    const input = await open(source, 'r');
    try {
      const info = await input.stat();
      await this.writeHeader({ ...this.headerOf(name, info, info.size), type: '0' });
      const buffer = Buffer.alloc(CHUNK);
      let copied = 0;
      for (;;) {
        const { bytesRead } = await input.read(buffer, 0, CHUNK, copied);
        if (bytesRead === 0) break;
        copied += bytesRead;
        if (copied > info.size) break;
        await this.handle.write(buffer, 0, bytesRead);
      }
      if (copied !== info.size) throw new Error(`${source} changed size while it was being copied`);
      await this.handle.write(padding(info.size));
      return info.size;
    } finally {
      await input.close();
    }
  }

  /** Writes the end-of-archive blocks, syncs the file to disk and closes it. */
  async finish(): Promise<void> {
    await this.handle.write(Buffer.alloc(BLOCK * 2));
    await this.handle.sync();
    await this.handle.close();
  }

  /** Closes the file without finishing it (the caller removes it). */
  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }

  private headerOf(name: string, info: Stats, size: number): Omit<Header, 'type'> {
    return { name, mode: info.mode, uid: info.uid, gid: info.gid, size, mtimeMs: info.mtimeMs };
  }

  private async writeHeader(header: Header): Promise<void> {
    const records: string[] = [];
    if (Buffer.byteLength(header.name) > 100) records.push(paxRecord('path', header.name));
    if (header.size > USTAR_MAX_SIZE) records.push(paxRecord('size', String(header.size)));
    if (header.uid > USTAR_MAX_ID) records.push(paxRecord('uid', String(header.uid)));
    if (header.gid > USTAR_MAX_ID) records.push(paxRecord('gid', String(header.gid)));
    if (records.length > 0) {
      const body = Buffer.from(records.join(''));
      const pax = { ...header, name: 'PaxHeader', mode: 0o644, size: body.length, type: 'x' as const };
      await this.handle.write(Buffer.concat([headerBlock(pax), body, padding(body.length)]));
    }
    // What does not fit ustar's fields is cut there; the pax record above carries the full value.
    await this.handle.write(headerBlock(header));
  }
}
