/**
 * The operation log's hash chain (issue 31, docs/decisions/server-core.md): every entry stores the
 * SHA-256 of the entry before it (`prev_hash`) and its own SHA-256 (`hash`) over a canonical
 * serialisation of its fields and that previous hash. Changing an entry's field breaks its own hash;
 * deleting an entry breaks the next entry's link; deleting the newest ones breaks the link to the chain
 * head (`operation_log_head`). Pure: the writer and the verifier do the I/O.
 */
import { createHash } from 'node:crypto';

import type { OperationLogsTable } from '../../db/tables/audit';

/** The previous hash of the very first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The recorded fields of an entry, as stored: the table's row without its id and chain columns. */
export type ChainedFields = Omit<OperationLogsTable, 'id' | 'prev_hash' | 'hash'>;

/** A stored entry with its chain columns. */
export type ChainedEntry = ChainedFields & Pick<OperationLogsTable, 'prev_hash' | 'hash'> & { id: number };

/**
 * Text as the database gives it back: both drivers store UTF-8, so a lone surrogate becomes U+FFFD.
 * Hashing the text as stored (not as received) keeps an entry with such a character verifiable.
 */
export function asStored(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** An entry's fields with every text as it will be stored. */
export function storedFields<T extends ChainedFields>(entry: T): T {
  return {
    ...entry,
    api_name: asStored(entry.api_name),
    class_method: asStored(entry.class_method),
    req_data: asStored(entry.req_data),
    req_url: asStored(entry.req_url),
    error_msg: entry.error_msg === null ? null : asStored(entry.error_msg),
    ip_address: asStored(entry.ip_address),
    user_name: entry.user_name === null ? null : asStored(entry.user_name),
    module_name: asStored(entry.module_name),
  };
}

/** The hash of an entry: SHA-256 (hex) of a JSON array of the previous hash and the fields in a fixed order. */
export function entryHash(prevHash: string, f: ChainedFields): string {
  const canonical = JSON.stringify([
    prevHash,
    f.company_id,
    f.api_name,
    f.class_method,
    f.req_data,
    f.req_url,
    f.status,
    f.error_msg,
    f.ip_address,
    f.user_id,
    f.user_name,
    f.module_name,
    f.operation_time,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** Entries chained after `prevHash`, in order, each with its prev_hash and hash. */
export function chainEntries<T extends ChainedFields>(
  prevHash: string,
  entries: readonly T[],
): Array<T & { prev_hash: string; hash: string }> {
  let previous = prevHash;
  return entries.map((entry) => {
    const fields = storedFields(entry);
    const hash = entryHash(previous, fields);
    const chained = { ...fields, prev_hash: previous, hash };
    previous = hash;
    return chained;
  });
}

/** The first entry that breaks the chain and what is wrong with it. */
export interface ChainBreak {
  id: number;
  operationTime: number;
  problem: string;
}

/**
 * Checks the next entries of a walk in id order. `expectedPrev` is the hash the next entry must link to
 * (null at the oldest kept entry, whose own prev_hash is then the anchor), `previousId` the entry it is.
 * Returns the first break, or the hash and id the following entries must link to.
 */
export function checkEntries(
  entries: readonly ChainedEntry[],
  expectedPrev: string | null,
  previousId: number | null,
): { broken: ChainBreak } | { broken: null; lastHash: string | null; lastId: number | null } {
  let expected = expectedPrev;
  let lastId = previousId;
  for (const entry of entries) {
    const at = { id: entry.id, operationTime: entry.operation_time };
    if (entry.hash === null || entry.prev_hash === null)
      return {
        broken: { ...at, problem: 'it has no hash: it was written outside the operation log writer' },
      };
    if (expected !== null && entry.prev_hash !== expected) {
      const before = lastId === null ? 'the entry before it' : `entry ${lastId}`;
      return {
        broken: {
          ...at,
          problem: `its link does not match the hash of ${before}: an entry between them was deleted, or ${before} was rewritten`,
        },
      };
    }
    if (entryHash(entry.prev_hash, entry) !== entry.hash)
      return {
        broken: { ...at, problem: 'its fields do not match its hash: it was changed after it was written' },
      };
    expected = entry.hash;
    lastId = entry.id;
  }
  return { broken: null, lastHash: expected, lastId };
}
