/**
 * Task photos (pure, unit-tested): the "Please wait uploading" rule for a stage change's photos and the
 * file name inside a photo URL (the photo call's path with the name put in).
 */
import { TaskEndpoints, type TaskPhotoUploadResult } from '@storefleet/contracts';

/** What the dialog needs of an upload list entry (antd's UploadFile has these fields). */
export interface PhotoEntry {
  status?: 'uploading' | 'done' | 'error' | 'removed' | undefined;
  response?: TaskPhotoUploadResult | undefined;
}

/** The uploaded photos' URLs, or null while one is still uploading or failed (none is fine). */
export function photoUrlsOf(entries: readonly PhotoEntry[]): string[] | null {
  if (entries.some((e) => e.status !== 'done' || !e.response?.url)) return null;
  return entries.map((e) => e.response?.url ?? '');
}

/** The issued file name inside a photo URL; null for anything else. */
export function photoFileName(url: string): string | null {
  const prefix = TaskEndpoints.taskPhoto.path.replace(':name', '');
  if (!url.startsWith(prefix)) return null;
  const name = decodeURIComponent(url.slice(prefix.length));
  return name === '' || name.includes('/') ? null : name;
}
