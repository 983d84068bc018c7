/** User calls under /api/user-service/user (spec §7). */
import type { PagedResult, User, UserCreateBody, UserUpdateBody } from '@storefleet/contracts';

import { http, type Params } from '../request/client';

const USER = '/api/user-service/user';

/** One page of users; `query` holds name, userName, status, userType, pageNum and pageSize. */
export function listUserPage(query: Params, signal?: AbortSignal): Promise<PagedResult<User>> {
  return http.get<PagedResult<User>>(`${USER}/list`, { query, signal });
}

export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return http.get<User>(`${USER}/${id}/id`, { signal });
}

export function createUser(body: UserCreateBody): Promise<{ id: number }> {
  return http.put<{ id: number }>(USER, { json: body });
}

export function updateUser(body: UserUpdateBody): Promise<{ id: number }> {
  return http.post<{ id: number }>(USER, { json: body });
}

/** Disables (ending its sessions) or enables a user. */
export function setUserEnabled(id: number, enabled: boolean): Promise<null> {
  return http.post<null>(`${USER}/${enabled ? 'enable' : 'disable'}`, { query: { id } });
}
