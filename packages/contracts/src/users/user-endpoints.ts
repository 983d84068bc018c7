/**
 * User calls under /api/user-service/user (spec §7): the list pages and detail (user module + user
 * list page, writes also their button); the store-coverage list also serves the task dispatcher.
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE, PAGE } from '../permissions';
import {
  UserCreateBody,
  UserIdParams,
  UserListQuery,
  UserSchema,
  UserShopUsersQuery,
  UserToggleQuery,
  UserUpdateBody,
} from './user';

const USER_API = '/api/user-service/user';
const VIEW = [MODULE.user, PAGE.userList] as const;
/** What a save answers: the user's id. */
const SavedUser = z.object({ id: z.number() });

export const UserEndpoints = {
  listUsers: endpoint({
    method: 'GET',
    path: `${USER_API}/list`,
    summary: 'List users',
    summaryZh: '用户列表',
    module: 'user',
    permissions: VIEW,
    query: UserListQuery,
    response: pagedResultSchema(UserSchema),
  }),
  listShopUsers: endpoint({
    method: 'GET',
    path: `${USER_API}/listShopUsers`,
    summary: 'List users covering stores',
    summaryZh: '负责门店的用户列表',
    description: 'Users whose data scope covers any of shopIds; the task dispatcher picker uses it too.',
    module: 'user',
    // The task dispatcher picks assignees without the user pages.
    permissions: { any: [PAGE.userList, MODULE.task] },
    query: UserShopUsersQuery,
    response: pagedResultSchema(UserSchema),
  }),
  getUser: endpoint({
    method: 'GET',
    path: `${USER_API}/:id/id`,
    summary: 'User detail',
    summaryZh: '用户详情',
    module: 'user',
    permissions: VIEW,
    params: UserIdParams,
    response: UserSchema,
  }),
  addUser: endpoint({
    method: 'PUT',
    path: USER_API,
    summary: 'Create user',
    summaryZh: '新增用户',
    module: 'user',
    permissions: [...VIEW, BUTTON.userAdd],
    body: UserCreateBody,
    response: SavedUser,
  }),
  updateUser: endpoint({
    method: 'POST',
    path: USER_API,
    summary: 'Update user',
    summaryZh: '修改用户',
    module: 'user',
    permissions: [...VIEW, BUTTON.userUpdate],
    body: UserUpdateBody,
    response: SavedUser,
  }),
  disableUser: endpoint({
    method: 'POST',
    path: `${USER_API}/disable`,
    summary: 'Disable user',
    summaryZh: '停用用户',
    module: 'user',
    permissions: [...VIEW, BUTTON.userDisable],
    query: UserToggleQuery,
    response: z.null(),
  }),
  enableUser: endpoint({
    method: 'POST',
    path: `${USER_API}/enable`,
    summary: 'Enable user',
    summaryZh: '启用用户',
    module: 'user',
    permissions: [...VIEW, BUTTON.userDisable],
    query: UserToggleQuery,
    response: z.null(),
  }),
};
