/**
 * Which users a scoped common user sees: only those whose own scope lies inside its own. A user's
 * scope is its own areas/stores, or its role's when it has none; a user with neither covers the
 * whole company and so is hidden from a caller limited to part of it. Admins see their audience whole.
 */
import { UserType } from '@storefleet/contracts';

import { type Caller, isRestricted, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { readIdList } from '../../db/json';
import { listCompanyLevels } from '../levels/levels.repository';
import { hasAncestorIn } from '../roles/grant';
import { listStoreIdsInScope } from '../stores/stores.repository';
import type { ScopedUserRecord } from './users.repository';

/** A test "is this user inside the caller's scope"; null when the caller sees its whole audience. */
export type UserVisibility = ((user: ScopedUserRecord) => boolean) | null;

/** The visibility test for `caller`, loading the company's levels and in-scope stores once. */
export async function visibilityOf(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  scope: Scope,
): Promise<UserVisibility> {
  if (caller.userType !== UserType.CUSTOMER_COMMON_USER || scope.companyId === null || !isRestricted(scope))
    return null;
  const [levels, storeIds] = await Promise.all([
    listCompanyLevels(ctx.db, scope.companyId),
    listStoreIdsInScope(ctx.db, scope),
  ]);
  const parents = new Map(levels.map((l) => [l.id, l.pid]));
  const allowedLevels = new Set(scope.levelIds ?? []);
  const allowedStores = new Set(storeIds);
  return (user) => {
    let areaIds = readIdList(user.area_ids);
    let ownStores = readIdList(user.store_ids);
    if (areaIds.length === 0 && ownStores.length === 0) {
      areaIds = readIdList(user.role_area_ids);
      ownStores = readIdList(user.role_store_ids);
    }
    if (areaIds.length === 0 && ownStores.length === 0) return false;
    return (
      areaIds.every((id) => hasAncestorIn(id, parents, allowedLevels)) &&
      ownStores.every((id) => allowedStores.has(id))
    );
  };
}
