/**
 * "The database is not answering": the failures that say nothing about the request or the data, only
 * that the database cannot be reached or written right now (issue 31 §1, docs/decisions/operations.md).
 * The one error handler answers them 503 DATABASE_UNAVAILABLE, the box hub keeps the batch unacked and
 * tries it again, and jobs log them and try at their next turn; none of them ends the process.
 *
 * PostgreSQL (node-postgres): connection errors of the socket (ECONNREFUSED, ECONNRESET …), the pool's
 * connect timeout, a connection the server ended ("Connection terminated unexpectedly"), SQLSTATE class
 * 08 (connection exception), 57P01–57P03 (admin or crash shutdown, cannot connect now) and 53300 (too
 * many connections). SQLite (better-sqlite3): SQLITE_BUSY past its busy timeout, SQLITE_READONLY (a
 * read-only file or folder), SQLITE_FULL, SQLITE_IOERR and SQLITE_CANTOPEN, with their extended codes.
 */

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const PG_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

const SQLITE_PREFIXES = ['SQLITE_BUSY', 'SQLITE_READONLY', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_CANTOPEN'];

/** Messages node-postgres and pg-pool give to connection failures that carry no code. */
const PG_MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/i,
  /^Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
  /^Cannot use a pool after calling end on the pool/i,
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `error` (or what it wraps) means the database cannot be reached or written right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (SOCKET_CODES.has(code) || PG_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (SQLITE_PREFIXES.some((prefix) => code.startsWith(prefix))) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node wraps several refused addresses in an AggregateError; a driver may set `cause`.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}
