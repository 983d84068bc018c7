/**
 * Reading an uploaded file (multipart field `file`) into bytes, so services take bytes and never a
 * request. The size limit applies while the part streams in: a bigger file is cut off at the limit
 * and answered 413, never buffered whole.
 */
import type { FastifyRequest } from 'fastify';

import { AppError, invalid } from './errors';

export interface UploadLimits {
  /** The largest file accepted, in bytes. */
  maxBytes: number;
}

/** `2 MiB` for whole mebibytes and kibibytes, else the bytes. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** The bytes of multipart field `file`; 400 when there is none, 413 naming the limit when it is too big. */
export async function readUpload(request: FastifyRequest, limits: UploadLimits): Promise<Buffer> {
  if (!request.isMultipart())
    throw invalid('file', 'is required (send multipart/form-data with a field named file)');
  const part = await request.file({ limits: { fileSize: limits.maxBytes, files: 1 } });
  if (part?.fieldname !== 'file') throw invalid('file', 'is required (multipart field named file)');
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `file: must be at most ${sizeText(limits.maxBytes)} (${limits.maxBytes} bytes)`,
        { fields: [{ field: 'file', message: `must be at most ${sizeText(limits.maxBytes)}` }] },
      );
    }
    throw error;
  }
}
