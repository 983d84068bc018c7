/** Hierarchy rules: what a scope sees, where a node may be added, and deletes refused while in use. */
import {
  type AreaLevel,
  type LevelConfigSaveBody,
  type LevelTreeNode,
  MAX_LEVEL_DEPTH,
  type RegionLevelNode,
  type RegionLevelTreeNode,
  type Store,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import { isRestricted, requireCompany } from '../../auth/caller';
import type { AppContext } from '../../context';
import { stamps, updateStamps } from '../../db/stamps';
import { conflict, forbidden, invalid, type Message, notFound } from '../../http/errors';
import { toStore } from '../stores/store-view';
import {
  listScopedStoreChains,
  listStoreNosUsingLevel,
  listStoresOfLevels,
} from '../stores/stores.repository';
import { targetCompany } from '../stores/target-company';
import { LevelForest } from './level-view';
import { visibleLevels } from './level-visibility';
import {
  deleteLevel,
  findLevels,
  findSiblingNamed,
  insertLevel,
  listChildNames,
  listCompanyLevels,
  renameLevel,
} from './levels.repository';

/** The level nodes of the target company the scope sees (see level-visibility.ts). */
export async function loadVisibleLevels(
  ctx: AppContext,
  scope: Scope,
  companyId: number | undefined,
): Promise<LevelForest> {
  const company = targetCompany(scope, companyId);
  const levels = await listCompanyLevels(ctx.db, company);
  if (!isRestricted(scope)) return new LevelForest(levels);
  const chains = await listScopedStoreChains(ctx.db, scope);
  return new LevelForest(visibleLevels(scope, levels, chains));
}

/** listLevelConfig: the editor's tree (childTreeDto). */
export async function levelConfigTree(
  ctx: AppContext,
  scope: Scope,
  companyId?: number,
): Promise<LevelTreeNode[]> {
  return (await loadVisibleLevels(ctx, scope, companyId)).configTree();
}

/** listLevelTree: region → province → city (childLevel). */
export async function regionLevelTree(
  ctx: AppContext,
  scope: Scope,
  companyId?: number,
): Promise<RegionLevelTreeNode[]> {
  return (await loadVisibleLevels(ctx, scope, companyId)).regionTree();
}

/** listDtLevel: every visible node, flat, by depth. */
export async function flatLevels(
  ctx: AppContext,
  scope: Scope,
  companyId?: number,
): Promise<RegionLevelNode[]> {
  const forest = await loadVisibleLevels(ctx, scope, companyId);
  return forest.levels.map((row) => forest.node(row));
}

/** listAreaLevel: the visible regions. */
export async function areaLevels(ctx: AppContext, scope: Scope, companyId?: number): Promise<AreaLevel[]> {
  return (await loadVisibleLevels(ctx, scope, companyId)).areas();
}

/** listNextLevel(Multi): the visible nodes directly below each of `ids`; 404 when one is not visible. */
export async function nextLevels(ctx: AppContext, scope: Scope, ids: number[]): Promise<RegionLevelNode[]> {
  const forest = await forestHolding(ctx, scope, ids);
  return ids.flatMap((id) => forest.childrenOf(id).map((row) => forest.node(row)));
}

/** listStore(Multi): the stores inside the scope placed at or below each of `ids`. */
export async function storesOfLevels(ctx: AppContext, scope: Scope, ids: number[]): Promise<Store[]> {
  await forestHolding(ctx, scope, ids);
  return (await listStoresOfLevels(ctx.db, scope, ids)).map((row) => toStore(row));
}

/** Creates a node below `pid` (a region without it) or renames node `id`; whole-company callers only. */
export async function saveLevel(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: LevelConfigSaveBody,
): Promise<RegionLevelNode> {
  const companyId = editableCompany(scope);
  const now = Date.now();
  const ename = body.ename ?? null;
  let id: number;
  if (body.id !== undefined) {
    // Renaming only: moving a node (pid) is not offered, so a pid in the body is ignored.
    const existing = await levelOf(ctx, companyId, body.id, { zh: '层级', en: 'level' });
    await refuseSiblingName(ctx, companyId, existing.pid, body.name, existing.id);
    await renameLevel(ctx.db, companyId, existing.id, {
      name: body.name,
      ename,
      ...updateStamps(caller.name, now),
    });
    id = existing.id;
  } else {
    const parent =
      body.pid === undefined
        ? null
        : await levelOf(ctx, companyId, body.pid, { zh: '上级层级', en: 'parent level' });
    if (parent && parent.level >= MAX_LEVEL_DEPTH) {
      throw invalid('pid', {
        zh: `是城市级节点；层级最多 ${MAX_LEVEL_DEPTH} 级，门店挂在城市下`,
        en: `is a city-level node; the hierarchy has ${MAX_LEVEL_DEPTH} levels and stores go below cities`,
      });
    }
    await refuseSiblingName(ctx, companyId, parent?.id ?? null, body.name, null);
    id = await insertLevel(ctx.db, {
      company_id: companyId,
      pid: parent?.id ?? null,
      name: body.name,
      ename,
      level: parent ? parent.level + 1 : 1,
      ...stamps(caller.name, now),
    });
  }
  const forest = new LevelForest(await listCompanyLevels(ctx.db, companyId));
  const row = forest.get(id);
  if (!row) throw notFound({ zh: '层级', en: 'level' });
  return forest.node(row);
}

/** Deletes a node; refused (409) while it has lower levels or stores, naming them. */
export async function deleteLevelService(ctx: AppContext, scope: Scope, id: number): Promise<void> {
  const companyId = editableCompany(scope);
  const level = await levelOf(ctx, companyId, id, { zh: '层级', en: 'level' });
  await ctx.db.transaction().execute(async (trx) => {
    const children = await listChildNames(trx, level.id);
    if (children.length > 0) {
      throw conflict({
        zh: `层级“${level.name}”下还有 ${children.length} 个下级：${sample(children)}；请先删除它们`,
        en: `Level "${level.name}" still has ${children.length} lower level(s): ${sample(children)}; delete them first`,
      });
    }
    const stores = await listStoreNosUsingLevel(trx, level.id);
    if (stores.length > 0) {
      throw conflict({
        zh: `层级“${level.name}”下还有 ${stores.length} 家门店：${sample(stores)}；请先移走或删除它们`,
        en: `Level "${level.name}" still has ${stores.length} store(s): ${sample(stores)}; move or delete them first`,
      });
    }
    await deleteLevel(trx, companyId, level.id);
  });
}

/** Editing the hierarchy changes every user's cascaders: it needs the whole company, not a region. */
function editableCompany(scope: Scope): number {
  const companyId = requireCompany(scope);
  if (isRestricted(scope))
    throw forbidden({
      zh: '编辑层级需要全公司的数据权限',
      en: 'Editing the hierarchy needs access to the whole company',
    });
  return companyId;
}

async function levelOf(ctx: AppContext, companyId: number, id: number, what: Message) {
  const [row] = await findLevels(ctx.db, [id]);
  if (!row || row.company_id !== companyId) throw notFound(what);
  return row;
}

async function forestHolding(ctx: AppContext, scope: Scope, ids: number[]): Promise<LevelForest> {
  const company = scope.companyId ?? (await findLevels(ctx.db, ids.slice(0, 1)))[0]?.company_id;
  if (company === undefined) throw notFound({ zh: '层级', en: 'level' });
  const forest = await loadVisibleLevels(ctx, scope, company);
  if (!ids.every((id) => forest.has(id))) throw notFound({ zh: '层级', en: 'level' });
  return forest;
}

async function refuseSiblingName(
  ctx: AppContext,
  companyId: number,
  pid: number | null,
  name: string,
  self: number | null,
): Promise<void> {
  const twin = await findSiblingNamed(ctx.db, companyId, pid, name);
  if (twin && twin.id !== self)
    throw conflict({
      zh: `此位置已有名为“${name}”的层级，请换一个名称`,
      en: `A level named "${name}" already exists at this place; choose another name`,
    });
}

function sample(names: string[]): string {
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} …` : shown;
}
