/** The "Please wait uploading" rule of spec §5 and the client-side pre-checks of a chosen logo file. */
import { LOGO_LIMITS, type LogoUploadResult } from '@storefleet/contracts';

/** What the page needs of an upload list entry (antd's UploadFile has these fields). */
export interface LogoEntry {
  status?: 'uploading' | 'done' | 'error' | 'removed' | undefined;
  response?: LogoUploadResult | undefined;
}

export type LogoSubmitState = { kind: 'pending' } | { kind: 'ready'; imgUrl: string };

/**
 * Submitting needs exactly finished uploads: an empty list, or any entry still uploading, failed or
 * without the server's URL, fails with "Please wait uploading".
 */
export function logoSubmitState(entries: readonly LogoEntry[]): LogoSubmitState {
  const last = entries[entries.length - 1];
  if (!last || entries.some((e) => e.status !== 'done' || !e.response?.url)) return { kind: 'pending' };
  return { kind: 'ready', imgUrl: last.response?.url ?? '' };
}

export type LogoFileProblem = 'wrongType' | 'tooLarge' | null;

/** A first check before uploading (the server decides by content anyway). */
export function logoFileProblem(file: { type: string; name: string; size: number }): LogoFileProblem {
  const byType = (LOGO_LIMITS.contentTypes as readonly string[]).includes(file.type);
  const byName = /\.(png|jpe?g|webp)$/i.test(file.name);
  if (!byType && !byName) return 'wrongType';
  if (file.size > LOGO_LIMITS.maxBytes) return 'tooLarge';
  return null;
}
