/**
 * Instants are stored as epoch milliseconds and shown as the spec's text forms (§5): date-times
 * `YYYY-MM-DD HH:mm:ss`, dates `YYYY-MM-DD`, both in the server's time zone (set TZ to choose it).
 * Every reply formats through here and every date filter parses through here.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss` for an epoch-millisecond instant. */
export function formatDateTime(ms: number): string;
export function formatDateTime(ms: number | null | undefined): string | null;
export function formatDateTime(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** `YYYY-MM-DD` for an epoch-millisecond instant. */
export function formatDate(ms: number): string;
export function formatDate(ms: number | null | undefined): string | null;
export function formatDate(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  const d = new Date(ms);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * Reads `YYYY-MM-DD HH:mm:ss` or `YYYY-MM-DD` (midnight) as an instant; null when the text is not such
 * a date or names a day that does not exist (2026-02-30).
 */
export function parseDateTime(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const d = new Date(year, month - 1, day, hour, minute, second);
  const same =
    d.getFullYear() === year &&
    d.getMonth() === month - 1 &&
    d.getDate() === day &&
    d.getHours() === hour &&
    d.getMinutes() === minute &&
    d.getSeconds() === second;
  return same ? d.getTime() : null;
}
