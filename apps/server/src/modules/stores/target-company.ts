/**
 * Which company a company-bound call works on, and whether a store row lies inside a scope. Shared by
 * the store, level, level-label and net-test-address calls.
 */
import type { Scope } from '../../auth/caller';
import { isRestricted } from '../../auth/caller';
import { invalid, notFound } from '../../http/errors';

/**
 * The company a call targets: the one named by `?companyId=` when the scope covers it (404 when it
 * does not, so another company's id reveals nothing), else the caller's own; platform callers, who
 * act in no company, must name one.
 */
export function targetCompany(scope: Scope, companyId: number | undefined): number {
  if (companyId !== undefined) {
    if (scope.companyId !== null && scope.companyId !== companyId)
      throw notFound({ zh: '公司', en: 'company' });
    return companyId;
  }
  if (scope.companyId === null)
    throw invalid('companyId', { zh: '平台用户必填', en: 'is required for platform users' });
  return scope.companyId;
}

export interface StoreChain {
  id: number | null;
  companyId: number;
  areaLevel: number | null;
  provinceLevel: number | null;
  cityLevel: number | null;
}

/** The in-memory twin of db/scope.ts `storeInScope`, for a store about to be written. */
export function chainInScope(scope: Scope, store: StoreChain): boolean {
  if (scope.companyId !== null && scope.companyId !== store.companyId) return false;
  if (!isRestricted(scope)) return true;
  if (store.id !== null && (scope.storeIds ?? []).includes(store.id)) return true;
  const levels = scope.levelIds ?? [];
  return [store.areaLevel, store.provinceLevel, store.cityLevel].some(
    (l) => l !== null && levels.includes(l),
  );
}
