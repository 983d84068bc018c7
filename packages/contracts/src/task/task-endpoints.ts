/**
 * Task dispatch under /api/device-service/task (issue 14; the spec shows the pages, not their calls).
 * Reading needs the task module; creating, editing, dispatching, verifying and cancelling need
 * `task:add`; starting and completing need `task:update` (a common user: only its own tasks).
 * Design: docs/decisions/tasks.md.
 */
import { z } from 'zod';

import { endpoint, FILE_RESPONSE } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE } from '../permissions';
import {
  PendingDeviceQuery,
  PendingDeviceSchema,
  TaskAdvanceBody,
  TaskBatchBody,
  TaskBatchResultSchema,
  TaskCancelBody,
  TaskCreateBody,
  TaskDetailSchema,
  TaskFromAlertBody,
  TaskIdParams,
  TaskListQuery,
  TaskPhotoParams,
  TaskPhotoUploadResult,
  TaskSchema,
  TaskStageCountSchema,
  TaskStageCountsQuery,
  TaskUpdateBody,
} from './task';

export const TASK_API = '/api/device-service/task';
const READ = [MODULE.task] as const;
const MANAGE = [MODULE.task, BUTTON.taskAdd] as const;

export const TaskEndpoints = {
  taskList: endpoint({
    method: 'GET',
    path: `${TASK_API}/list`,
    summary: 'Tasks, newest first',
    summaryZh: '任务列表',
    description:
      'A common user sees only the tasks assigned to it; others the tasks of the stores in their scope.',
    module: 'task',
    permissions: READ,
    query: TaskListQuery,
    response: pagedResultSchema(TaskSchema),
  }),
  taskStageCounts: endpoint({
    method: 'GET',
    path: `${TASK_API}/stageCounts`,
    summary: 'How many tasks are in each stage',
    summaryZh: '任务阶段统计',
    module: 'task',
    permissions: READ,
    query: TaskStageCountsQuery,
    response: z.array(TaskStageCountSchema),
  }),
  taskDetail: endpoint({
    method: 'GET',
    path: `${TASK_API}/:id/detail`,
    summary: 'A task with its stage history and its devices’ events since it was opened',
    summaryZh: '任务详情',
    module: 'task',
    permissions: READ,
    params: TaskIdParams,
    response: TaskDetailSchema,
  }),
  createTask: endpoint({
    method: 'POST',
    path: `${TASK_API}/create`,
    summary: 'Create a task',
    summaryZh: '新建任务',
    module: 'task',
    permissions: MANAGE,
    body: TaskCreateBody,
    response: TaskSchema,
  }),
  updateTask: endpoint({
    method: 'POST',
    path: `${TASK_API}/update`,
    summary: 'Edit a task (created or dispatched)',
    summaryZh: '修改任务',
    module: 'task',
    permissions: MANAGE,
    body: TaskUpdateBody,
    response: TaskSchema,
  }),
  createTaskFromAlert: endpoint({
    method: 'POST',
    path: `${TASK_API}/createFromAlert`,
    summary: 'Create a repair task from an open alert record',
    summaryZh: '由告警创建任务',
    module: 'task',
    permissions: MANAGE,
    body: TaskFromAlertBody,
    response: TaskSchema,
  }),
  batchCreateTasks: endpoint({
    method: 'POST',
    path: `${TASK_API}/batchCreate`,
    summary: 'Create one task per pending device',
    summaryZh: '批量创建任务',
    description: 'All or nothing: 400 naming the devices that are not pending (any more).',
    module: 'task',
    permissions: MANAGE,
    body: TaskBatchBody,
    response: TaskBatchResultSchema,
  }),
  advanceTask: endpoint({
    method: 'POST',
    path: `${TASK_API}/advance`,
    summary: 'Move a task to its next stage',
    summaryZh: '推进任务',
    description:
      'dispatched, verified and completed→inProgress (send back) need task:add; inProgress and completed ' +
      'need task:update; a common user acts only on tasks assigned to it.',
    module: 'task',
    permissions: { any: [BUTTON.taskAdd, BUTTON.taskUpdate] },
    body: TaskAdvanceBody,
    response: TaskDetailSchema,
  }),
  cancelTask: endpoint({
    method: 'POST',
    path: `${TASK_API}/cancel`,
    summary: 'Cancel an open task',
    summaryZh: '取消任务',
    module: 'task',
    permissions: MANAGE,
    body: TaskCancelBody,
    response: TaskDetailSchema,
  }),
  pendingDevices: endpoint({
    method: 'GET',
    path: `${TASK_API}/pendingDevices`,
    summary: 'Devices that need a task now',
    summaryZh: '待处理设备',
    module: 'task',
    permissions: READ,
    query: PendingDeviceQuery,
    response: pagedResultSchema(PendingDeviceSchema),
  }),
  uploadTaskPhoto: endpoint({
    method: 'POST',
    path: `${TASK_API}/photo/upload`,
    summary: 'Upload a task photo',
    summaryZh: '上传任务照片',
    description:
      'multipart/form-data, field `file`: PNG, JPEG or WebP by content, ≤ 2 MiB, ≤ 4096×4096 pixels (the logo rules).',
    module: 'task',
    permissions: { any: [BUTTON.taskAdd, BUTTON.taskUpdate] },
    bodyEncoding: 'multipart',
    response: TaskPhotoUploadResult,
  }),
  taskPhoto: endpoint({
    method: 'GET',
    path: `${TASK_API}/photo/:name`,
    summary: 'A task photo',
    summaryZh: '任务照片',
    module: 'task',
    permissions: READ,
    params: TaskPhotoParams,
    response: FILE_RESPONSE,
  }),
};
