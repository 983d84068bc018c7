/** Level label calls under /api/user-service/systemSetting (spec §7). */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { BUTTON, MODULE, PAGE } from '../permissions';
import { CompanyIdQuery } from './level';
import { LevelLabelIdParams, LevelLabelSaveBody, LevelLabelSchema } from './level-label';
import { ORG_READ_CODES } from './store-endpoints';

const SETTING_API = '/api/user-service/systemSetting';
const EDIT = [MODULE.store, PAGE.levelSetting, BUTTON.levelLabelEdit] as const;

export const LevelLabelEndpoints = {
  addOrUpdateLevelLabel: endpoint({
    method: 'POST',
    path: `${SETTING_API}/addOrUpdateLevelLabel`,
    summary: 'Add or update level label',
    summaryZh: '新增或修改层级名称',
    module: 'level',
    permissions: EDIT,
    body: LevelLabelSaveBody,
    response: LevelLabelSchema,
  }),
  deleteLevelLabel: endpoint({
    method: 'POST',
    path: `${SETTING_API}/deleteLevelLabel/:id`,
    summary: 'Delete level label',
    summaryZh: '删除层级名称',
    module: 'level',
    permissions: EDIT,
    params: LevelLabelIdParams,
    response: z.null(),
  }),
  listLevelLabel: endpoint({
    method: 'GET',
    path: `${SETTING_API}/listLevelLabel`,
    summary: 'List level labels',
    summaryZh: '层级名称列表',
    module: 'level',
    permissions: ORG_READ_CODES,
    query: CompanyIdQuery,
    response: z.array(LevelLabelSchema),
  }),
};
