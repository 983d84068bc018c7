/**
 * Whether the database is answering, as the statements of this process see it, for `/ready`
 * (http/operations.ts). `select 1` alone cannot tell: a SQLite file on a read-only or full disk, or
 * locked by another process, still answers reads while every write fails. So every statement reports
 * here (Kysely's `log` hook, set by sqlite.ts and postgres.ts): a failure that means "database not
 * answering" (database-unavailable.ts) opens an outage; a write that succeeds closes it, and so does a
 * read unless the failure was one that spares reads (SQLite busy, read-only, full). An outage nobody
 * has run into for `OUTAGE_MEMORY_MS` is forgotten, so a quiet node does not stay unready forever.
 */
import type { LogEvent } from 'kysely';

import { isDatabaseUnavailable } from './database-unavailable';

/** How long a failure keeps `/ready` at 503 when no statement has succeeded since. */
export const OUTAGE_MEMORY_MS = 15_000;

const READ_KINDS = new Set(['SelectQueryNode', 'RawNode']);

function isWrite(event: LogEvent): boolean {
  const kind = (event.query.query as { kind?: string }).kind ?? 'RawNode';
  if (kind !== 'RawNode') return !READ_KINDS.has(kind);
  return !/^\s*(select|with|pragma|show|begin|commit|rollback|savepoint|release)\b/i.test(event.query.sql);
}

function sparesReads(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

export class DatabaseOutage {
  private failedAt: number | null = null;
  private problem = '';
  private readsWork = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Kysely's `log` option: hears every statement of the handle. Cheap and synchronous. */
  readonly hear = (event: LogEvent): void => {
    if (event.level === 'error') {
      if (!isDatabaseUnavailable(event.error)) return;
      this.failedAt = this.now();
      this.readsWork = sparesReads(event.error);
      this.problem = event.error instanceof Error ? event.error.message : String(event.error);
      return;
    }
    if (this.failedAt !== null && (!this.readsWork || isWrite(event))) this.failedAt = null;
  };

  /** The outage in words for `/ready`, or null while the database answers. */
  current(): string | null {
    if (this.failedAt === null) return null;
    if (this.now() - this.failedAt > OUTAGE_MEMORY_MS) {
      this.failedAt = null;
      return null;
    }
    return `database refused a statement ${Math.round((this.now() - this.failedAt) / 1000)} s ago: ${this.problem}`;
  }
}
