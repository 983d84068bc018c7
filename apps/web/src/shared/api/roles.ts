/** Role calls under /api/user-service/role. */
import type {
  PagedResult,
  PermissionNode,
  Role,
  RoleArea,
  RoleCreateBody,
  RoleUpdateBody,
} from '@storefleet/contracts';

import { http, type Params } from '../request/client';

const ROLE = '/api/user-service/role';

/** One page of roles; platform users may pass companyId to list one company's roles. */
export function listRolePage(query: Params, signal?: AbortSignal): Promise<PagedResult<Role>> {
  return http.get<PagedResult<Role>>(`${ROLE}/list`, { query, signal });
}

export function getRole(id: number, signal?: AbortSignal): Promise<Role> {
  return http.get<Role>(`${ROLE}/${id}/id`, { signal });
}

export function listRoleAreas(id: number, signal?: AbortSignal): Promise<RoleArea[]> {
  return http.get<RoleArea[]>(`${ROLE}/${id}/area/List`, { signal });
}

/** The permission codes the caller may grant, as a tree. */
export function getPermissionTree(signal?: AbortSignal): Promise<PermissionNode[]> {
  return http.get<PermissionNode[]>(`${ROLE}/permissionTree`, { signal });
}

export function createRole(body: RoleCreateBody): Promise<{ id: number }> {
  return http.put<{ id: number }>(ROLE, { json: body });
}

export function updateRole(body: RoleUpdateBody): Promise<{ id: number }> {
  return http.post<{ id: number }>(ROLE, { json: body });
}

export function deleteRole(id: number): Promise<null> {
  return http.post<null>(`${ROLE}/delete/${id}`);
}
