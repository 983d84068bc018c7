/** Reading users: the paged list, the dispatcher's "users covering these stores" list, one user. */
import {
  type PagedResult,
  toPagedResult,
  type User,
  type UserListQuery,
  type UserShopUsersQuery,
  UserType,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { readIdList } from '../../db/json';
import { notFound } from '../../http/errors';
import { findStorePlacesInScope } from '../stores/stores.repository';
import { audienceOf } from './user-audience';
import { toUser } from './user-view';
import { visibilityOf } from './user-visibility';
import { findUser, listAllUsers, listUserCompanies, listUsers, type UserRecord } from './users.repository';

/** One page of the users the caller manages. */
export async function listUsersFor(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  query: UserListQuery,
): Promise<PagedResult<User>> {
  const visible = await visibilityOf(ctx, caller, scope);
  if (visible === null) {
    const { rows, total } = await listUsers(ctx.db, audienceOf(caller, scope), query, query);
    return toPagedResult(await toUsers(ctx, rows), total, query, 'id asc');
  }
  const rows = (await listAllUsers(ctx.db, audienceOf(caller, scope), query)).filter(visible);
  return pageOf(ctx, rows, query);
}

async function pageOf(
  ctx: AppContext,
  rows: UserRecord[],
  query: { pageNum: number; pageSize: number },
): Promise<PagedResult<User>> {
  const start = (query.pageNum - 1) * query.pageSize;
  const users = await toUsers(ctx, rows.slice(start, start + query.pageSize));
  return toPagedResult(users, rows.length, query, 'id asc');
}

/** Reply forms of user rows, with the agent admins' companyMaps read in one query. */
async function toUsers(ctx: AppContext, rows: UserRecord[]): Promise<User[]> {
  const agents = rows.filter((r) => r.user_type === UserType.AGENT_CUSTOMER_ADMIN_USER).map((r) => r.id);
  const mapped = await listUserCompanies(ctx.db, agents);
  return rows.map((row) =>
    toUser(
      row,
      mapped.filter((m) => m.user_id === row.id),
    ),
  );
}

/** One user the caller manages; 404 for anyone else. */
export async function getUser(ctx: AppContext, caller: Caller, scope: Scope, id: number): Promise<User> {
  const [user] = await toUsers(ctx, [await managedUser(ctx, caller, scope, id)]);
  if (!user) throw notFound({ zh: '用户', en: 'user' });
  return user;
}

/** The row of a user the caller manages; 404 for anyone else. */
export async function managedUser(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  id: number,
): Promise<UserRecord> {
  const row = await findUser(ctx.db, audienceOf(caller, scope), id);
  const visible = await visibilityOf(ctx, caller, scope);
  if (!row || (visible !== null && !visible(row))) throw notFound({ zh: '用户', en: 'user' });
  return row;
}

interface Place {
  id: number;
  company_id: number;
  area_level: number | null;
  province_level: number | null;
  city_level: number | null;
}

/**
 * Users (as the list filters them) whose data scope covers at least one of `shopIds`; without
 * shopIds, simply the filtered list. Coverage is worked out in memory over the company's users: a
 * company has at most a few thousand, and each user's scope is its role's narrowed by its own.
 */
export async function listShopUsersFor(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  query: UserShopUsersQuery,
): Promise<PagedResult<User>> {
  const audience = audienceOf(caller, scope);
  if (!query.shopIds) return listUsersFor(ctx, caller, scope, query);
  const places = await findStorePlacesInScope(ctx.db, scope, query.shopIds);
  const candidates = places.length === 0 ? [] : await listAllUsers(ctx.db, audience, query);
  const visible = await visibilityOf(ctx, caller, scope);
  const covering = candidates.filter(
    (user) =>
      (visible === null || visible(user)) &&
      places.some((place) =>
        covers(place, user, readIdList(user.role_area_ids), readIdList(user.role_store_ids)),
      ),
  );
  return pageOf(ctx, covering, query);
}

function covers(place: Place, user: UserRecord, roleAreas: number[], roleStores: number[]): boolean {
  if (user.company_id !== place.company_id) return false;
  // Admins see their whole company; only common users are narrowed by role and own areas.
  if (user.user_type !== UserType.CUSTOMER_COMMON_USER) return true;
  return (
    within(place, roleAreas, roleStores) &&
    within(place, readIdList(user.area_ids), readIdList(user.store_ids))
  );
}

/** Whether a store lies in an area/store list; empty lists mean "no restriction". */
function within(place: Place, areaIds: number[], storeIds: number[]): boolean {
  if (areaIds.length === 0 && storeIds.length === 0) return true;
  if (storeIds.includes(place.id)) return true;
  return [place.area_level, place.province_level, place.city_level].some(
    (l) => l !== null && areaIds.includes(l),
  );
}
