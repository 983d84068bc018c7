/**
 * Decides what an uploaded image really is from its bytes (the logo and the inventory's images): the
 * declared name and content type are ignored, so a PNG renamed .txt passes and a script named .png
 * does not. PNG, JPEG or WebP only, within the caller's pixel limits.
 */
import { imageSize } from 'image-size';

import { AppError, invalid } from '../http/errors';

/** The pixel limits an upload must keep (the byte limit is readUpload's, while the part streams). */
export interface ImageLimits {
  maxWidth: number;
  maxHeight: number;
}

export interface UploadedImage {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  extension: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function sniff(bytes: Buffer): Pick<UploadedImage, 'contentType' | 'extension'> | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return { contentType: 'image/png', extension: 'png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  return null;
}

const IMAGE_SIZE_TYPE: Record<UploadedImage['extension'], string> = { png: 'png', jpg: 'jpg', webp: 'webp' };

/** The image's type and size; 400 unless it is a readable PNG, JPEG or WebP within `limits`. */
export function inspectImage(bytes: Buffer, limits: ImageLimits): UploadedImage {
  const kind = sniff(bytes);
  if (!kind)
    throw invalid('file', {
      zh: '必须是 PNG、JPEG 或 WebP 图片（按内容判断，不看文件名）',
      en: 'must be a PNG, JPEG or WebP image (checked by content, not by name)',
    });
  let size: { width: number; height: number; type?: string | undefined };
  try {
    size = imageSize(bytes);
  } catch {
    throw invalid('file', {
      zh: `不是可读取的 ${kind.extension.toUpperCase()} 图片`,
      en: `is not a readable ${kind.extension.toUpperCase()} image`,
    });
  }
  if (size.type !== IMAGE_SIZE_TYPE[kind.extension] || !(size.width > 0 && size.height > 0)) {
    throw invalid('file', {
      zh: `不是可读取的 ${kind.extension.toUpperCase()} 图片`,
      en: `is not a readable ${kind.extension.toUpperCase()} image`,
    });
  }
  if (size.width > limits.maxWidth || size.height > limits.maxHeight) {
    throw new AppError(
      'VALIDATION_FAILED',
      {
        zh: `file：最大 ${limits.maxWidth}×${limits.maxHeight} 像素（此图为 ${size.width}×${size.height}）`,
        en: `file: must be at most ${limits.maxWidth}×${limits.maxHeight} pixels (this one is ${size.width}×${size.height})`,
      },
      {
        fields: [
          {
            field: 'file',
            message: {
              zh: `最大 ${limits.maxWidth}×${limits.maxHeight} 像素`,
              en: `must be at most ${limits.maxWidth}×${limits.maxHeight} pixels`,
            },
          },
        ],
      },
    );
  }
  return { ...kind, width: size.width, height: size.height };
}
