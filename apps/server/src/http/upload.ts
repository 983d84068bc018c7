/**
 * Reading an uploaded file (multipart field `file`) into bytes, so services take bytes and never a
 * request. The size limit applies while the part streams in: a bigger file is cut off at the limit
 * and answered 413, never buffered whole.
 */
// The multipart plugin's request methods (isMultipart, file), for every program that reaches this file.
import type {} from '@fastify/multipart';
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
    throw invalid('file', {
      zh: '必填（以 multipart/form-data 发送名为 file 的字段）',
      en: 'is required (send multipart/form-data with a field named file)',
    });
  const part = await request.file({ limits: { fileSize: limits.maxBytes, files: 1 } });
  if (part?.fieldname !== 'file')
    throw invalid('file', {
      zh: '必填（multipart 字段名为 file）',
      en: 'is required (multipart field named file)',
    });
  try {
    return await part.toBuffer();
  } catch (error) {
    throw uploadError(error, limits);
  }
}

/**
 * A multipart form with text fields and one file (field `file`), in any order: the text fields, and
 * the file's bytes (null when there is none). Same limits and errors as `readUpload`.
 */
export async function readUploadForm(
  request: FastifyRequest,
  limits: UploadLimits,
): Promise<{ bytes: Buffer | null; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw invalid('file', {
      zh: '必填（以 multipart/form-data 发送名为 file 的字段）',
      en: 'is required (send multipart/form-data with a field named file)',
    });
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxBytes, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && bytes === null) bytes = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error, limits);
  }
  return { bytes, fields };
}

/** The 413 naming the limit for a file cut off at it; any other error as it was. */
function uploadError(error: unknown, limits: UploadLimits): unknown {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      {
        zh: `file：最大 ${sizeText(limits.maxBytes)}（${limits.maxBytes} 字节）`,
        en: `file: must be at most ${sizeText(limits.maxBytes)} (${limits.maxBytes} bytes)`,
      },
      {
        fields: [
          {
            field: 'file',
            message: {
              zh: `最大 ${sizeText(limits.maxBytes)}`,
              en: `must be at most ${sizeText(limits.maxBytes)}`,
            },
          },
        ],
      },
    );
  }
  return error;
}
