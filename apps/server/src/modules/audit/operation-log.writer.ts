/**
 * Writes operation-log entries in batches so recording a call never delays its reply: entries queue
 * in memory and go to the database every 200 ms or every 100 entries, and on close. A failed write is
 * logged and dropped; it never fails a request.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { insertOperationLogs, type NewOperationLog } from './audit.repository';

const FLUSH_EVERY_MS = 200;
const FLUSH_AT = 100;

export class OperationLogWriter {
  private queue: NewOperationLog[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues one entry. */
  push(entry: NewOperationLog): void {
    this.queue.push(entry);
    if (this.queue.length >= FLUSH_AT) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Writes everything queued so far; resolves once it is in the database (or the failure is logged). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue.splice(0);
    // Batches are written one after another so entries keep their order.
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await insertOperationLogs(this.db, batch);
      } catch (error) {
        this.log.error({ err: error, entries: batch.length }, 'could not write operation log entries');
      }
    });
    return this.writing;
  }
}
