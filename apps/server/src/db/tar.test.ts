// The backup archive is read back by the system's GNU tar, the way a restore reads it: names longer than
// ustar holds (pax), non-ASCII names, empty and block-sized files, directories and file modes.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, expect, it } from 'vitest';

import { TarWriter } from './tar';

const dir = mkdtempSync(join(tmpdir(), 'storefleet-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes an archive GNU tar lists and extracts byte for byte, modes included', async () => {
  const source = join(dir, 'source');
  mkdirSync(join(source, 'uploads'), { recursive: true });
  chmodSync(join(source, 'uploads'), 0o750);
  const files: Array<[entry: string, bytes: Buffer, mode: number]> = [
    ['storefleet.db', Buffer.alloc(1536, 7), 0o644],
    ['jwt-secret', Buffer.from('secret\n'), 0o600],
    ['uploads/empty.png', Buffer.alloc(0), 0o640],
    [`uploads/${'long-name-'.repeat(15)}.png`, Buffer.alloc(513, 1), 0o640],
    ['uploads/标志.webp', Buffer.from('webp bytes'), 0o640],
  ];
  for (const [entry, bytes, mode] of files) {
    writeFileSync(join(source, entry), bytes);
    chmodSync(join(source, entry), mode);
  }

  const archive = join(dir, 'archive.tar');
  const tar = await TarWriter.create(archive);
  await tar.addDirectory('uploads', statSync(join(source, 'uploads')));
  for (const [entry] of files) await tar.addFile(entry, join(source, entry));
  await tar.finish();
  expect(statSync(archive).mode & 0o777).toBe(0o600);
  expect(statSync(archive).size % 512).toBe(0);

  const listed = execFileSync('tar', ['-tf', archive], { encoding: 'utf8' }).trim().split('\n');
  expect(listed).toEqual(['uploads/', ...files.map(([entry]) => entry)]);
  const out = join(dir, 'out');
  mkdirSync(out);
  execFileSync('tar', ['-xf', archive, '-C', out]);
  for (const [entry, bytes, mode] of files) {
    expect(readFileSync(join(out, entry)).equals(bytes), entry).toBe(true);
    expect(statSync(join(out, entry)).mode & 0o777, entry).toBe(mode);
  }
  expect(statSync(join(out, 'uploads')).mode & 0o777).toBe(0o750);
});

it('refuses to write over an existing file', async () => {
  const existing = join(dir, 'existing.tar');
  writeFileSync(existing, 'keep me');
  await expect(TarWriter.create(existing)).rejects.toThrow(/EEXIST/);
  expect(readFileSync(existing, 'utf8')).toBe('keep me');
});
