/** Binary downloads (Excel exports, templates): a handler returns fileReply(…) instead of data. */
import type { Readable } from 'node:stream';

export class FileReply {
  constructor(
    readonly body: Buffer | Readable,
    readonly contentType: string,
    readonly fileName: string,
  ) {}
}

/** A download sent as-is, outside the envelope (spec §8 exempts binary downloads). */
export function fileReply(body: Buffer | Readable, contentType: string, fileName: string): FileReply {
  return new FileReply(body, contentType, fileName);
}

/** `Content-Disposition` for a download, safe for any file name. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
