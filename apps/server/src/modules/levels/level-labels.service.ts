/** Level label rules: one label per depth and company; editing needs the whole company. */
import type { LevelLabel, LevelLabelSaveBody } from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import { isRestricted, requireCompany } from '../../auth/caller';
import type { AppContext } from '../../context';
import { conflict, forbidden, invalid, notFound } from '../../http/errors';
import { targetCompany } from '../stores/target-company';
import {
  deleteLevelLabel,
  findLabelOfLevel,
  findLevelLabel,
  insertLevelLabel,
  type LevelLabelRow,
  listLevelLabels,
  updateLevelLabel,
} from './level-labels.repository';

const toLabel = (row: LevelLabelRow): LevelLabel => ({
  id: row.id,
  companyId: row.company_id,
  label: row.label,
  level: row.level,
});

/** The labels of the target company (the caller's own, or the one a platform user names). */
export async function listLabels(ctx: AppContext, scope: Scope, companyId?: number): Promise<LevelLabel[]> {
  return (await listLevelLabels(ctx.db, targetCompany(scope, companyId))).map(toLabel);
}

/** Creates the label of a depth (level required) or changes label `id`. */
export async function saveLabel(
  ctx: AppContext,
  scope: Scope,
  body: LevelLabelSaveBody,
): Promise<LevelLabel> {
  const companyId = editableCompany(scope);
  let id: number;
  if (body.id !== undefined) {
    const existing = await findLevelLabel(ctx.db, companyId, body.id);
    if (!existing) throw notFound({ zh: '层级名称', en: 'level label' });
    const level = body.level ?? existing.level;
    await refuseTakenLevel(ctx, companyId, level, existing.id);
    await updateLevelLabel(ctx.db, companyId, existing.id, { level, label: body.label });
    id = existing.id;
  } else {
    if (body.level === undefined)
      throw invalid('level', { zh: '新增名称时必填', en: 'is required when adding a label' });
    await refuseTakenLevel(ctx, companyId, body.level, null);
    id = await insertLevelLabel(ctx.db, companyId, body.level, body.label);
  }
  const saved = await findLevelLabel(ctx.db, companyId, id);
  if (!saved) throw notFound({ zh: '层级名称', en: 'level label' });
  return toLabel(saved);
}

/** Deletes label `id` of the caller's company. */
export async function deleteLabel(ctx: AppContext, scope: Scope, id: number): Promise<void> {
  const companyId = editableCompany(scope);
  const existing = await findLevelLabel(ctx.db, companyId, id);
  if (!existing) throw notFound({ zh: '层级名称', en: 'level label' });
  await deleteLevelLabel(ctx.db, companyId, existing.id);
}

function editableCompany(scope: Scope): number {
  const companyId = requireCompany(scope);
  if (isRestricted(scope))
    throw forbidden({
      zh: '编辑层级名称需要全公司的数据权限',
      en: 'Editing level labels needs access to the whole company',
    });
  return companyId;
}

async function refuseTakenLevel(ctx: AppContext, companyId: number, level: number, self: number | null) {
  const taken = await findLabelOfLevel(ctx.db, companyId, level);
  if (taken && taken.id !== self) {
    throw conflict({
      zh: `第 ${level} 级已有名称“${taken.label}”，请改为编辑该名称`,
      en: `Level ${level} already has the label "${taken.label}"; edit that label instead`,
    });
  }
}
