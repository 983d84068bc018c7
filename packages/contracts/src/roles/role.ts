/**
 * Role calls under /api/user-service/role (not in the spec; designed in the style of its user calls).
 * A role holds menu codes (authorities), button codes (buttonAuthorities) and a data scope: hierarchy
 * level ids (areaIds) and store ids (storeIds); a role naming neither covers the whole company.
 */
import { z } from 'zod';
import { intFromQuery, PageQuery } from '../paging';
import type { PermissionNode } from '../permissions';
import { idParam, optionalFilter } from '../query';

const codeList = z
  .array(
    z.string().trim().min(1, 'must not hold empty codes').max(64, 'must hold codes of at most 64 characters'),
  )
  .max(500, 'must hold at most 500 codes');

/** Ids sent as numbers or numeric strings (the tree selects send either). */
const idList = z.array(idParam).max(1000, 'must hold at most 1000 values');

const RoleFields = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters'),
  description: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().trim().max(500, 'must be at most 500 characters').nullable().optional(),
  ),
  authorities: codeList.default([]),
  buttonAuthorities: codeList.default([]),
  areaIds: idList.default([]),
  storeIds: idList.default([]),
});

/** `PUT /api/user-service/role`: create a role in the caller's company (platform callers: an admin role). */
export const RoleCreateBody = RoleFields;
export type RoleCreateBody = z.infer<typeof RoleCreateBody>;

/** `POST /api/user-service/role`: update a role. */
export const RoleUpdateBody = RoleFields.extend({
  id: intFromQuery.pipe(z.number().int().positive('must be a role id')),
});
export type RoleUpdateBody = z.infer<typeof RoleUpdateBody>;

/**
 * `GET /api/user-service/role/list`. Platform callers list the admin roles, or with `companyId` the
 * roles of that company (to pick a customer admin's role).
 */
export const RoleListQuery = PageQuery.extend({
  name: optionalFilter(z.string().trim().max(64, 'must be at most 64 characters')),
  companyId: optionalFilter(idParam),
});
export type RoleListQuery = z.infer<typeof RoleListQuery>;

/** `role/{id}/id`, `role/{id}/area/List`, `role/delete/{id}`. */
export const RoleIdParams = z.object({ id: idParam });
export type RoleIdParams = z.infer<typeof RoleIdParams>;

/** A role as replies carry it. */
export interface Role {
  id: number;
  name: string;
  description: string | null;
  app: 'company' | 'admin';
  companyId: number | null;
  authorities: string[];
  buttonAuthorities: string[];
  areaIds: number[];
  storeIds: number[];
  /** How many users hold the role. */
  userCount: number;
  createBy: string | null;
  createDatetime: string;
  updateBy: string | null;
  updateDatetime: string;
}

export const RoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  app: z.enum(['company', 'admin']),
  companyId: z.number().nullable(),
  authorities: z.array(z.string()),
  buttonAuthorities: z.array(z.string()),
  areaIds: z.array(z.number()),
  storeIds: z.array(z.number()),
  userCount: z.number(),
  createBy: z.string().nullable(),
  createDatetime: z.string(),
  updateBy: z.string().nullable(),
  updateDatetime: z.string(),
}) satisfies z.ZodType<Role>;

/** One area of `role/{id}/area/List`: a hierarchy level node. */
export interface RoleArea {
  id: number;
  name: string;
  ename: string | null;
  level: number;
  pid: number | null;
}

export const RoleAreaSchema = z.object({
  id: z.number(),
  name: z.string(),
  ename: z.string().nullable(),
  level: z.number(),
  pid: z.number().nullable(),
}) satisfies z.ZodType<RoleArea>;

/** `role/permissionTree`: the codes the caller may grant, as the role editor's tree. */
export type RolePermissionTree = PermissionNode[];

const PermissionNodeSchema: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    label: z.object({ zh: z.string(), en: z.string() }),
    kind: z.enum(['module', 'page', 'button']),
    children: z.array(PermissionNodeSchema).optional(),
  }),
);
export const RolePermissionTreeSchema = z.array(PermissionNodeSchema);
