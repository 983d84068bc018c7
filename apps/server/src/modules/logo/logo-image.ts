/**
 * Decides what an uploaded logo really is from its bytes (http/image-upload.ts, shared with the
 * inventory's images): PNG, JPEG or WebP by content, within the logo's pixel limits.
 */
import { LOGO_LIMITS } from '@storefleet/contracts';

import { inspectImage, type UploadedImage } from '../../http/image-upload';

export type LogoImage = UploadedImage;

/** The image's type and size; 400 unless it is a readable PNG, JPEG or WebP within the logo's limits. */
export function inspectLogoImage(bytes: Buffer): LogoImage {
  return inspectImage(bytes, LOGO_LIMITS);
}
