/**
 * The URLs of issued logo files. The files live in `<dataDir>/uploads/` under server-made names
 * (files/image-store.ts).
 */
import { fillPath, LogoEndpoints } from '@storefleet/contracts';

import { IMAGE_FILE_NAME } from '../../files/image-store';

/** The URL the server serves `fileName` at (and the only imgUrl form it accepts). */
export function logoFileUrl(fileName: string): string {
  return fillPath(LogoEndpoints.file.path, { name: fileName });
}

/** The file name inside an issued URL, or null when `url` is not one the server hands out. */
export function fileNameOfUrl(url: string): string | null {
  const prefix = LogoEndpoints.file.path.replace(':name', '');
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return IMAGE_FILE_NAME.test(name) ? name : null;
}
