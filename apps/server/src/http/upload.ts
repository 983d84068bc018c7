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
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
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
    throw error;
  }
}
