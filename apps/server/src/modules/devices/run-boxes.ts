/**
 * The boxes a run (net test, upgrade) goes to: the caller's pick of boxes, stores and regions, each
 * narrowed to the store boxes in scope; a pick that leaves no box is refused.
 */
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { invalid } from '../../http/errors';
import { type BoxTarget, boxesForRun } from './devices.repository';

/** The boxes picked by `body` inside `scope`; throws an `invalid('boxIds')` when there are none. */
export async function requireRunBoxes(
  db: Kysely<DB>,
  scope: Scope,
  body: { boxIds?: number[]; shopIds?: number[]; areaIds?: number[] },
): Promise<BoxTarget[]> {
  const boxes = await boxesForRun(db, scope, {
    boxIds: body.boxIds ?? [],
    shopIds: body.shopIds ?? [],
    levelIds: body.areaIds ?? [],
  });
  if (boxes.length === 0) {
    throw invalid('boxIds', {
      zh: '请选择至少一个您可管理的门店盒子、门店或区域（其中需有盒子）',
      en: 'pick at least one box, store or region you manage that has a box',
    });
  }
  return boxes;
}
