/**
 * Values the database refuses never stop a box. A batch that fails for a data reason (a value the
 * database cannot hold, a constraint) would fail the same way on every resend, and the box would
 * resend it forever: the link is closed, nothing behind it is stored. So ingest stores such a batch
 * again in halves, each half in its own transaction, down to single values. A single value the
 * database still refuses is set aside: not stored, acked with its batch (the agent deletes it), named
 * in the log by device, seq and reason (never its text), counted on the reporter's running item
 * `ingest.setAside`, and its seq mark raised like a stored value's (ingest.service.ts), so a resend
 * after a lost ack is skipped as a duplicate instead of being tried and counted again. Any other
 * failure (connection lost, a missing table, a bug) still fails the batch: the link closes and the
 * agent resends, which may well succeed.
 */
import type { AgentValue, AgentValueKind } from '@storefleet/contracts';

import { addAfterCommit } from '../after-commit';
import type { IngestOutcome } from './ingest.service';

/** A value ingest could not store and acked anyway. */
export interface SetAsideValue {
  deviceId: string;
  seq: number;
  kind: AgentValueKind;
  /** The database's error code and message (a constraint name, an encoding), not the value. */
  reason: string;
}

const PG_DATA_CLASSES = new Set([
  // data exception (an encoding the column cannot hold, a number out of range, text too long)
  '22',
  // integrity constraint violation (check, not null, unique, foreign key)
  '23',
  // program limit exceeded (e.g. an index row too large)
  '54',
]);
const SQLITE_DATA_CODE = /^SQLITE_(CONSTRAINT|TOOBIG|MISMATCH)/;
const MAX_REASON = 200;

/**
 * Why the database refused the data written, or null when `error` is not such a refusal (the
 * connection, the schema or the code failed: the same values may well be stored on a retry).
 */
export function dataRefusal(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return null;
  const isPostgres = /^[0-9A-Z]{5}$/.test(code) && PG_DATA_CLASSES.has(code.slice(0, 2));
  if (!isPostgres && !SQLITE_DATA_CODE.test(code)) return null;
  // The message names a constraint or an encoding; PostgreSQL puts the failing row in `detail`, unused.
  return `${code}: ${typeof message === 'string' ? message : ''}`.slice(0, MAX_REASON);
}

/**
 * Stores `values` with `store` (one transaction per call); on a data refusal, stores each half on its
 * own, down to single values, and sets aside the ones the database still refuses. Halves keep the
 * values' order, so per-device seq marks only move up. Other errors are rethrown.
 */
export async function storeSettingAside(
  values: readonly AgentValue[],
  store: (batch: readonly AgentValue[]) => Promise<IngestOutcome>,
): Promise<IngestOutcome> {
  try {
    return await store(values);
  } catch (error) {
    const reason = dataRefusal(error);
    if (reason === null) throw error;
    const [only] = values;
    if (values.length === 1 && only) {
      return {
        stored: 0,
        refused: 0,
        setAside: [{ deviceId: only.deviceId, seq: only.seq, kind: only.kind, reason }],
        statusChanges: [],
        alertsOpened: [],
        alertsRecovered: [],
        lateTransitions: [],
      };
    }
    const middle = Math.ceil(values.length / 2);
    const first = await storeSettingAside(values.slice(0, middle), store);
    const second = await storeSettingAside(values.slice(middle), store);
    addAfterCommit(first, second);
    return {
      ...first,
      stored: first.stored + second.stored,
      refused: first.refused + second.refused,
      setAside: [...first.setAside, ...second.setAside],
    };
  }
}
