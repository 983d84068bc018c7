/**
 * A transaction PostgreSQL rolled back as a deadlock's victim (40P01) or for a serialization failure
 * (40001) is run again. Both errors mean the database undid the whole transaction and nothing of it
 * was seen by anyone, so running the same work again is what running it the first time would have
 * been. Row locks are taken in id order where a transaction knows its rows up front (ingest, the
 * offline sweep), but alerting can reach a row it did not know at the start (a box whose record holds
 * its devices' ones), so two writers of the devices table can still meet in opposite orders — seen
 * once in a 10-minute run of two nodes at 10,000 stores (bench/README.md "Capacity"). SQLite runs its
 * transactions one at a time and never reports either error. Any other error is the caller's.
 */

/** PostgreSQL's SQLSTATEs for a transaction that may simply be run again. */
const RUN_AGAIN = new Set(['40P01', '40001']);

/** Runs of one transaction, the first included. */
export const TRANSACTION_ATTEMPTS = 3;

export function mayRunAgain(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && RUN_AGAIN.has(code);
}

/**
 * Runs `transaction` (which opens, runs and commits one transaction) up to TRANSACTION_ATTEMPTS times
 * while it fails with a deadlock or a serialization failure, after a short random pause (so the two
 * that met do not meet again at once); rethrows anything else, and the last failure.
 */
export async function withTransactionRetry<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !mayRunAgain(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
