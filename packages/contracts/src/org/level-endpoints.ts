/** Hierarchy calls under /api/user-service/levelConfig (spec §7): reads for every org reader, edits for the level page. */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { BUTTON, MODULE, PAGE } from '../permissions';
import {
  AreaLevelSchema,
  CompanyIdQuery,
  LevelConfigSaveBody,
  LevelIdListParams,
  LevelIdParams,
  LevelIdPathParams,
  LevelTreeNodeSchema,
  RegionLevelNodeSchema,
  RegionLevelTreeNodeSchema,
} from './level';
import { StoreSchema } from './store';
import { ORG_READ_CODES } from './store-endpoints';

const LEVEL_API = '/api/user-service/levelConfig';
const EDIT = [MODULE.store, PAGE.levelSetting, BUTTON.levelEdit] as const;

export const LevelEndpoints = {
  addOrUpdateLevelConfig: endpoint({
    method: 'POST',
    path: `${LEVEL_API}/addOrUpdateLevelConfig`,
    summary: 'Add or rename level',
    summaryZh: '新增或重命名层级',
    description: 'Without id: adds a node below pid (none: a region). With id: renames it (pid is ignored).',
    module: 'level',
    permissions: EDIT,
    body: LevelConfigSaveBody,
    response: RegionLevelNodeSchema,
  }),
  deleteLevelConfig: endpoint({
    method: 'POST',
    path: `${LEVEL_API}/deleteLevelConfig/:id`,
    summary: 'Delete level',
    summaryZh: '删除层级',
    description: 'Refused (409) while the node has lower levels or stores.',
    module: 'level',
    permissions: EDIT,
    params: LevelIdParams,
    response: z.null(),
  }),
  listLevelConfig: endpoint({
    method: 'GET',
    path: `${LEVEL_API}/listLevelConfig`,
    summary: 'Level tree',
    summaryZh: '层级树',
    module: 'level',
    permissions: ORG_READ_CODES,
    query: CompanyIdQuery,
    response: z.array(LevelTreeNodeSchema),
  }),
  listNextLevel: endpoint({
    method: 'GET',
    path: `${LEVEL_API}/listNextLevel/:levelId`,
    summary: 'Lower levels of a level',
    summaryZh: '下级层级',
    module: 'level',
    permissions: ORG_READ_CODES,
    params: LevelIdPathParams,
    response: z.array(RegionLevelNodeSchema),
  }),
  listNextLevelMulti: endpoint({
    method: 'GET',
    path: `${LEVEL_API}/listNextLevelMulti/:levelIdListStr`,
    summary: 'Lower levels of several levels',
    summaryZh: '多个层级的下级层级',
    module: 'level',
    permissions: ORG_READ_CODES,
    params: LevelIdListParams,
    response: z.array(RegionLevelNodeSchema),
  }),
  listStore: endpoint({
    method: 'GET',
    path: `${LEVEL_API}/listStore/:levelId`,
    summary: 'Stores of a level',
    summaryZh: '层级下的门店',
    module: 'level',
    permissions: ORG_READ_CODES,
    params: LevelIdPathParams,
    response: z.array(StoreSchema),
  }),
  listStoreMulti: endpoint({
    method: 'GET',
    path: `${LEVEL_API}/listStoreMulti/:levelIdListStr`,
    summary: 'Stores of several levels',
    summaryZh: '多个层级下的门店',
    module: 'level',
    permissions: ORG_READ_CODES,
    params: LevelIdListParams,
    response: z.array(StoreSchema),
  }),
  listDtLevel: endpoint({
    method: 'GET',
    path: `${LEVEL_API}/listDtLevel`,
    summary: 'All levels, flat',
    summaryZh: '全部层级',
    module: 'level',
    permissions: ORG_READ_CODES,
    query: CompanyIdQuery,
    response: z.array(RegionLevelNodeSchema),
  }),
  listLevelTree: endpoint({
    method: 'GET',
    path: `${LEVEL_API}/listLevelTree`,
    summary: 'Region → province → city tree',
    summaryZh: '大区-省份-城市树',
    module: 'level',
    permissions: ORG_READ_CODES,
    query: CompanyIdQuery,
    response: z.array(RegionLevelTreeNodeSchema),
  }),
  listAreaLevel: endpoint({
    method: 'GET',
    path: `${LEVEL_API}/listAreaLevel`,
    summary: 'Regions',
    summaryZh: '大区列表',
    module: 'level',
    permissions: ORG_READ_CODES,
    query: CompanyIdQuery,
    response: z.array(AreaLevelSchema),
  }),
};
