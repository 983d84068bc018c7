/**
 * Walks the operation log's hash chain in id order (operation-log-chain.ts) and reports how many
 * entries it checked and the first one that breaks it. The oldest entry kept is the start: its own
 * prev_hash is the anchor (the genesis hash unless older entries were removed). The newest entry must
 * be the one the chain head names, so deleting the latest entries is found too.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { findChainHead, listChainedEntries } from './audit.repository';
import { type ChainBreak, checkEntries, GENESIS_HASH } from './operation-log-chain';

const PAGE = 1000;

export interface ChainReport {
  /** Entries checked (up to and including a broken one). */
  checked: number;
  /** The first entry that breaks the chain; null when it is intact. */
  broken: ChainBreak | null;
  /** The oldest entry's prev_hash when it is not the genesis hash (older entries were removed). */
  anchor: string | null;
}

/** Checks the whole chain; reads it a page at a time. */
export async function verifyOperationLog(db: Kysely<DB>): Promise<ChainReport> {
  const head = await findChainHead(db);
  let checked = 0;
  let afterId = 0;
  let expected: string | null = null;
  let lastId: number | null = null;
  let anchor: string | null = null;
  let lastTime = 0;
  for (;;) {
    const page = await listChainedEntries(db, afterId, PAGE);
    if (page.length === 0) break;
    if (checked === 0 && page[0]?.prev_hash && page[0].prev_hash !== GENESIS_HASH) anchor = page[0].prev_hash;
    const result = checkEntries(page, expected, lastId);
    if (result.broken) {
      checked += page.findIndex((e) => e.id === result.broken.id) + 1;
      return { checked, broken: result.broken, anchor };
    }
    checked += page.length;
    expected = result.lastHash;
    lastId = result.lastId;
    lastTime = page[page.length - 1]?.operation_time ?? lastTime;
    afterId = page[page.length - 1]?.id ?? afterId;
  }
  if (head !== undefined && lastId !== null && expected !== head) {
    return {
      checked,
      anchor,
      broken: {
        id: lastId,
        operationTime: lastTime,
        problem:
          'the chain head records a later hash than this entry: the newest entries after it were deleted',
      },
    };
  }
  if (head !== undefined && lastId === null && head !== GENESIS_HASH) {
    return {
      checked,
      anchor,
      broken: {
        id: 0,
        operationTime: 0,
        problem: 'the log is empty but the chain head records entries: all were deleted',
      },
    };
  }
  return { checked, broken: null, anchor };
}
