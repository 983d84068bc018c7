/**
 * Real, decodable images for upload tests. PNGs are built here (any size, solid colour, zlib-deflated
 * rows); the JPEG and WebP are 2×2 blue squares encoded once by Chromium's canvas and kept as bytes.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A valid RGB PNG of the given size filled with one colour. */
export function pngImage(
  width: number,
  height: number,
  rgb: [number, number, number] = [51, 102, 204],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG padded past `bytes` with an ancillary chunk decoders skip (for size-limit tests). */
export function pngOfAtLeast(bytes: number): Buffer {
  const base = pngImage(4, 4);
  const padding = chunk('tEXt', Buffer.alloc(Math.max(0, bytes - base.length - 12), 0x41));
  return Buffer.concat([base.subarray(0, base.length - 12), padding, base.subarray(base.length - 12)]);
}

export const JPEG_2X2 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIADg9//2Q==',
  'base64',
);

export const WEBP_2X2 = Buffer.from(
  'UklGRkgAAABXRUJQVlA4WAoAAAAAAAAAAQAAAQAAVlA4ICoAAACQAQCdASoCAAIAAsBMJaACdLoAA5gA/ug4v/jeOtvrb28/oUbKJpMAAAA=',
  'base64',
);
