/** The region → province → city chain a store is placed in must be one branch of its company's tree. */
import { LEVEL_DEPTH } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { AppError, invalid } from '../../http/errors';
import { findLevels } from '../levels/levels.repository';

export interface ChainInput {
  areaLevel: number;
  provinceLevel?: number | undefined;
  cityLevel?: number | undefined;
}

export interface Chain {
  areaLevel: number;
  provinceLevel: number | null;
  cityLevel: number | null;
}

/**
 * Checks that areaLevel is a region of `companyId`, provinceLevel (if any) a province below it and
 * cityLevel (if any, only with a province) a city below that. A level that does not exist or belongs to
 * another company is 404 (as for any foreign id: its existence is not revealed); a level of the right
 * company in the wrong place is 400 naming the field.
 */
export async function checkChain(db: Kysely<DB>, companyId: number, input: ChainInput): Promise<Chain> {
  const ids = [input.areaLevel, input.provinceLevel, input.cityLevel].filter(
    (x): x is number => x !== undefined,
  );
  const rows = new Map((await findLevels(db, ids)).map((r) => [r.id, r]));
  const expect = (field: string, id: number, depth: number, parent: number | null, what: string) => {
    const row = rows.get(id);
    if (!row || row.company_id !== companyId)
      throw new AppError('NOT_FOUND', `${field}: no level ${id} in your company`);
    if (row.level !== depth) throw invalid(field, `must be a ${what}-level node`);
    if (parent !== null && row.pid !== parent)
      throw invalid(field, `must lie below the chosen ${parentWhat(depth)}`);
  };
  expect('areaLevel', input.areaLevel, LEVEL_DEPTH.region, null, 'region');
  if (input.cityLevel !== undefined && input.provinceLevel === undefined) {
    throw invalid('provinceLevel', 'is required when cityLevel is given');
  }
  if (input.provinceLevel !== undefined) {
    expect('provinceLevel', input.provinceLevel, LEVEL_DEPTH.province, input.areaLevel, 'province');
  }
  if (input.cityLevel !== undefined && input.provinceLevel !== undefined) {
    expect('cityLevel', input.cityLevel, LEVEL_DEPTH.city, input.provinceLevel, 'city');
  }
  return {
    areaLevel: input.areaLevel,
    provinceLevel: input.provinceLevel ?? null,
    cityLevel: input.cityLevel ?? null,
  };
}

function parentWhat(depth: number): string {
  return depth === LEVEL_DEPTH.city ? 'province' : 'region';
}
