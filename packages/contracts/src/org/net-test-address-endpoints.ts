/** Net-test address calls under /api/user-service/systemSetting (list: spec §7; edits: admin application). */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { BUTTON, MODULE } from '../permissions';
import {
  NetTestAddressIdParams,
  NetTestAddressListQuery,
  NetTestAddressSaveBody,
  NetTestAddressSchema,
} from './net-test-address';

const SETTING_API = '/api/user-service/systemSetting';
const EDIT = [MODULE.netTest, BUTTON.netTestAddressEdit] as const;

export const NetTestAddressEndpoints = {
  listAddress: endpoint({
    method: 'GET',
    path: `${SETTING_API}/listAddress`,
    summary: 'List net-test addresses',
    summaryZh: '网络测试地址列表',
    module: 'net-test',
    permissions: [MODULE.netTest],
    query: NetTestAddressListQuery,
    response: z.array(NetTestAddressSchema),
  }),
  addOrUpdateAddress: endpoint({
    method: 'POST',
    path: `${SETTING_API}/addOrUpdateAddress`,
    summary: 'Add or update net-test address',
    summaryZh: '新增或修改网络测试地址',
    description:
      'Platform users only. pingUrl is a host name or IP address; no companyId offers it to every company.',
    module: 'net-test',
    permissions: EDIT,
    body: NetTestAddressSaveBody,
    response: NetTestAddressSchema,
  }),
  deleteAddress: endpoint({
    method: 'POST',
    path: `${SETTING_API}/deleteAddress/:id`,
    summary: 'Delete net-test address',
    summaryZh: '删除网络测试地址',
    module: 'net-test',
    permissions: EDIT,
    params: NetTestAddressIdParams,
    response: z.null(),
  }),
};
