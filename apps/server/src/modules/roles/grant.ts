/**
 * "A caller can never grant more than it holds": the checks shared by role and user writes. Codes
 * outside the caller's own are refused naming them (400); areas and stores outside the caller's
 * company or data scope answer 404, as if they did not exist.
 */
import type { Kysely } from 'kysely';

import type { Caller, Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { AppError, invalid } from '../../http/errors';
import { findCompanyLevels, listCompanyLevels } from '../levels/levels.repository';
import { findStoreIdsInScope } from '../stores/stores.repository';

/** What a role or user would hold. */
export interface Grant {
  authorities: readonly string[];
  buttonAuthorities: readonly string[];
  areaIds: readonly number[];
  storeIds: readonly number[];
}

/** The codes among `codes` the caller does not hold itself. */
export function codesBeyond(caller: Caller, codes: readonly string[]): string[] {
  const held = new Set([...caller.authorities, ...caller.buttonAuthorities]);
  return [...new Set(codes.filter((c) => !held.has(c)))];
}

/** 400 naming the codes the caller may not grant (unknown codes included). */
export function assertCodesGrantable(
  caller: Caller,
  grant: Pick<Grant, 'authorities' | 'buttonAuthorities'>,
): void {
  const menu = codesBeyond(caller, grant.authorities);
  if (menu.length > 0)
    throw invalid('authorities', {
      zh: `包含您不能授予的权限：${menu.join(', ')}`,
      en: `holds codes you cannot grant: ${menu.join(', ')}`,
    });
  const buttons = codesBeyond(caller, grant.buttonAuthorities);
  if (buttons.length > 0)
    throw invalid('buttonAuthorities', {
      zh: `包含您不能授予的权限：${buttons.join(', ')}`,
      en: `holds codes you cannot grant: ${buttons.join(', ')}`,
    });
}

/**
 * 404 unless every area is a level of `companyId` inside the caller's scope (the level itself or one
 * of its ancestors is in the scope's levels) and every store is a store inside the scope.
 */
export async function assertScopeGrantable(
  db: Kysely<DB>,
  scope: Scope,
  companyId: number,
  grant: Pick<Grant, 'areaIds' | 'storeIds'>,
): Promise<void> {
  const within: Scope = { ...scope, companyId };
  const areaIds = [...new Set(grant.areaIds)];
  if (areaIds.length > 0) {
    const found = await findCompanyLevels(db, companyId, areaIds);
    const foundIds = new Set(found.map((l) => l.id));
    let outside = areaIds.filter((id) => !foundIds.has(id));
    if (outside.length === 0 && (scope.storeIds !== null || scope.levelIds !== null)) {
      const allowed = new Set(scope.levelIds ?? []);
      const parents = new Map((await listCompanyLevels(db, companyId)).map((l) => [l.id, l.pid]));
      outside = areaIds.filter((id) => !hasAncestorIn(id, parents, allowed));
    }
    if (outside.length > 0)
      throw new AppError('NOT_FOUND', {
        zh: `区域不存在：${outside.join(', ')}`,
        en: `Areas not found: ${outside.join(', ')}`,
      });
  }
  const storeIds = [...new Set(grant.storeIds)];
  if (storeIds.length > 0) {
    const found = new Set(await findStoreIdsInScope(db, within, storeIds));
    const outside = storeIds.filter((id) => !found.has(id));
    if (outside.length > 0)
      throw new AppError('NOT_FOUND', {
        zh: `门店不存在：${outside.join(', ')}`,
        en: `Stores not found: ${outside.join(', ')}`,
      });
  }
}

/** Whether the role or user `grant` stays inside what the caller holds (codes and scope). */
export async function withinCaller(
  db: Kysely<DB>,
  caller: Caller,
  scope: Scope,
  companyId: number,
  grant: Grant,
): Promise<boolean> {
  if (codesBeyond(caller, [...grant.authorities, ...grant.buttonAuthorities]).length > 0) return false;
  const restricted = scope.storeIds !== null || scope.levelIds !== null;
  // A role naming no areas and no stores covers the whole company: only an unrestricted caller holds that.
  if (restricted && grant.areaIds.length === 0 && grant.storeIds.length === 0) return false;
  try {
    await assertScopeGrantable(db, scope, companyId, grant);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** Whether level `id` or one of its ancestors (per `parents`) is in `allowed`. */
export function hasAncestorIn(
  id: number,
  parents: Map<number, number | null>,
  allowed: Set<number>,
): boolean {
  let current: number | null | undefined = id;
  // Hierarchies are three levels deep; the bound guards against a cycle in bad data.
  for (let depth = 0; current !== null && current !== undefined && depth < 16; depth++) {
    if (allowed.has(current)) return true;
    current = parents.get(current);
  }
  return false;
}
