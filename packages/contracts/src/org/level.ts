/** Hierarchy levels (spec §3 Hierarchy level config, Region level node; §7 levelConfig/*). */
import { z } from 'zod';

import { intFromQuery } from '../paging';
import { idParam, optionalFilter } from '../query';

/** Depths of the hierarchy: 1 region, 2 province, 3 city. Stores hang below cities. */
export const LEVEL_DEPTH = { region: 1, province: 2, city: 3 } as const;
export const MAX_LEVEL_DEPTH = 3;

/** POST levelConfig/addOrUpdateLevelConfig. Without id: create below pid (none: a region). With id: rename. */
export const LevelConfigSaveBody = z.object({
  id: optionalFilter(idParam),
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters'),
  ename: optionalFilter(z.string().trim().max(64, 'must be at most 64 characters')),
  pid: optionalFilter(idParam),
});
export type LevelConfigSaveBody = z.infer<typeof LevelConfigSaveBody>;

/** Path `{id}` of levelConfig/deleteLevelConfig. */
export const LevelIdParams = z.object({ id: idParam });
/** Path `{levelId}` of listNextLevel / listStore. */
export const LevelIdPathParams = z.object({ levelId: idParam });
export type LevelIdPathParams = z.infer<typeof LevelIdPathParams>;

/** Path `{levelIdListStr}`: level ids comma-joined. */
export const LevelIdListParams = z.object({
  levelIdListStr: z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, 'must be level ids joined by commas')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive('must be positive ids')).max(1000, 'must hold at most 1000 ids')),
});
export type LevelIdListParams = z.infer<typeof LevelIdListParams>;

/** `?companyId=` of the level reads; platform users must name the company. */
export const CompanyIdQuery = z.object({ companyId: optionalFilter(idParam) });
export type CompanyIdQuery = z.infer<typeof CompanyIdQuery>;

/** Region level node (spec §3), flat. currentLevelId is the node's depth (1 region, 2 province, 3 city). */
export const RegionLevelNodeSchema = z.object({
  id: z.number(),
  name: z.string(),
  ename: z.string().nullable(),
  pid: z.number().nullable(),
  /** 1 when the node has lower levels, else 0. */
  parentFlag: z.number(),
  /** The ids from the region down to this node, joined by '-'. */
  treeID: z.string(),
  companyId: z.number(),
  currentLevelId: z.number(),
  createBy: z.string().nullable(),
  createTime: z.string(),
  updateBy: z.string().nullable(),
  updateTime: z.string(),
});
export type RegionLevelNode = z.infer<typeof RegionLevelNodeSchema>;

/** The tree variant of listLevelTree: childLevel holds the lower levels. */
export interface RegionLevelTreeNode extends RegionLevelNode {
  childLevel: RegionLevelTreeNode[];
}
export const RegionLevelTreeNodeSchema: z.ZodType<RegionLevelTreeNode> = RegionLevelNodeSchema.extend({
  get childLevel() {
    return z.array(RegionLevelTreeNodeSchema);
  },
});

/** Level tree node of listLevelConfig (spec §3): id, name, parentFlag, pid, childTreeDto. */
export interface LevelTreeNode {
  id: number;
  name: string;
  ename: string | null;
  pid: number | null;
  parentFlag: number;
  companyId: number;
  currentLevelId: number;
  childTreeDto: LevelTreeNode[];
}
export const LevelTreeNodeSchema: z.ZodType<LevelTreeNode> = z.object({
  id: z.number(),
  name: z.string(),
  ename: z.string().nullable(),
  pid: z.number().nullable(),
  parentFlag: z.number(),
  companyId: z.number(),
  currentLevelId: z.number(),
  get childTreeDto() {
    return z.array(LevelTreeNodeSchema);
  },
});

/** listAreaLevel: the regions, id and name. */
export const AreaLevelSchema = z.object({ id: z.number(), name: z.string() });
export type AreaLevel = z.infer<typeof AreaLevelSchema>;

/** The level depth of a label, 1 to 3. */
export const LevelDepth = intFromQuery.pipe(
  z.number().int().min(1, 'must be 1 to 3').max(MAX_LEVEL_DEPTH, 'must be 1 to 3'),
);
