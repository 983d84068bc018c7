/**
 * Binary downloads (Excel exports, templates, uploaded images): a handler returns fileReply(…) or
 * imageReply(…) instead of data.
 */
import type { Readable } from 'node:stream';

export class FileReply {
  constructor(
    readonly body: Buffer | Readable,
    readonly contentType: string,
    readonly fileName: string,
    /** Headers sent with the file besides its type and name. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** A download sent as-is, outside the envelope (spec §8 exempts binary downloads). */
export function fileReply(body: Buffer | Readable, contentType: string, fileName: string): FileReply {
  return new FileReply(body, contentType, fileName);
}

/**
 * How an uploaded image is served (logos, task photos, inventory images): a CSP that forbids
 * everything, so even a mislabelled file can never run as a page (nosniff is on every reply,
 * security-headers.ts), and a private cache for a day (its name never changes its bytes).
 */
const IMAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'private, max-age=86400',
};

/** An uploaded image served with its recorded type `contentType` (see IMAGE_HEADERS). */
export function imageReply(bytes: Buffer, contentType: string, fileName: string): FileReply {
  return new FileReply(bytes, contentType, fileName, IMAGE_HEADERS);
}

/** `Content-Disposition` for a download, safe for any file name. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
