/** Task dispatch (contracts `TaskEndpoints`); the overdue job starts and stops with the app. */
import { TaskEndpoints as E, LOGO_LIMITS } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { imageReply } from '../../http/file-reply';
import { defineRoute } from '../../http/route';
import { readUpload } from '../../http/upload';
import { pendingDevices } from './pending-devices.service';
import { batchCreateTasks, createTask, createTaskFromAlert, updateTask } from './task-creation.service';
import { readTaskPhoto, uploadTaskPhoto } from './task-photos';
import { listTasks, taskDetail, taskStageCounts } from './task-reading.service';
import { advanceTask, cancelTask } from './task-stages.service';

export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.taskList, async function taskList({ query, caller, scope }) {
    return listTasks(ctx, caller, scope, query);
  });
  defineRoute(app, E.taskStageCounts, async function stageCounts({ query, caller, scope }) {
    return taskStageCounts(ctx, caller, scope, query);
  });
  defineRoute(app, E.taskDetail, async function detail({ params, caller, scope }) {
    return taskDetail(ctx, caller, scope, params.id);
  });
  defineRoute(app, E.createTask, async function create({ body, caller, scope }) {
    return createTask(ctx, caller, scope, body);
  });
  defineRoute(app, E.updateTask, async function update({ body, caller, scope }) {
    return updateTask(ctx, caller, scope, body);
  });
  defineRoute(app, E.createTaskFromAlert, async function fromAlert({ body, caller, scope }) {
    return createTaskFromAlert(ctx, caller, scope, body);
  });
  defineRoute(app, E.batchCreateTasks, async function batchCreate({ body, caller, scope, lang }) {
    return batchCreateTasks(ctx, caller, scope, body, lang);
  });
  defineRoute(app, E.advanceTask, async function advance({ body, caller, scope }) {
    return advanceTask(ctx, caller, scope, body);
  });
  defineRoute(app, E.cancelTask, async function cancel({ body, caller, scope }) {
    return cancelTask(ctx, caller, scope, body);
  });
  defineRoute(app, E.pendingDevices, async function pending({ query, scope }) {
    return pendingDevices(ctx, scope, query);
  });
  defineRoute(app, E.uploadTaskPhoto, async function uploadPhoto({ request, scope, caller }) {
    const bytes = await readUpload(request, { maxBytes: LOGO_LIMITS.maxBytes });
    return uploadTaskPhoto(ctx.db, ctx.config.dataDir, scope, caller, bytes);
  });
  defineRoute(app, E.taskPhoto, async function photo({ params, scope }) {
    const file = await readTaskPhoto(ctx.db, ctx.config.dataDir, scope, params.name);
    return imageReply(file.bytes, file.contentType, params.name);
  });
}
