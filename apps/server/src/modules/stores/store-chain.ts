/** The region → province → city chain a store is placed in must be one branch of its company's tree. */
import { type Label, LEVEL_DEPTH } from '@storefleet/contracts';
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
  const expect = (field: string, id: number, depth: number, parent: number | null, what: Label) => {
    const row = rows.get(id);
    if (!row || row.company_id !== companyId)
      throw new AppError('NOT_FOUND', {
        zh: `${field}：本公司没有层级 ${id}`,
        en: `${field}: no level ${id} in your company`,
      });
    if (row.level !== depth)
      throw invalid(field, { zh: `必须是${what.zh}级节点`, en: `must be a ${what.en}-level node` });
    if (parent !== null && row.pid !== parent)
      throw invalid(field, {
        zh: `必须位于所选${parentWhat(depth).zh}之下`,
        en: `must lie below the chosen ${parentWhat(depth).en}`,
      });
  };
  expect('areaLevel', input.areaLevel, LEVEL_DEPTH.region, null, { zh: '大区', en: 'region' });
  if (input.cityLevel !== undefined && input.provinceLevel === undefined) {
    throw invalid('provinceLevel', {
      zh: '填写 cityLevel 时必填',
      en: 'is required when cityLevel is given',
    });
  }
  if (input.provinceLevel !== undefined) {
    expect('provinceLevel', input.provinceLevel, LEVEL_DEPTH.province, input.areaLevel, {
      zh: '省份',
      en: 'province',
    });
  }
  if (input.cityLevel !== undefined && input.provinceLevel !== undefined) {
    expect('cityLevel', input.cityLevel, LEVEL_DEPTH.city, input.provinceLevel, { zh: '城市', en: 'city' });
  }
  return {
    areaLevel: input.areaLevel,
    provinceLevel: input.provinceLevel ?? null,
    cityLevel: input.cityLevel ?? null,
  };
}

function parentWhat(depth: number): Label {
  return depth === LEVEL_DEPTH.city ? { zh: '省份', en: 'province' } : { zh: '大区', en: 'region' };
}
