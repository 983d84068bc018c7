/**
 * Task dispatch (issue 14): work orders to store staff — repairs, inventory checks, installations and
 * inspections of devices or whole stores, assigned to one active common user of the company and moved
 * through stages, each change recorded with who, when, a note and optional photos.
 * Design: docs/decisions/tasks.md.
 */
import { z } from 'zod';

import { cleanDeviceText } from '../agent-values';
import { MONITOR_LOG_KINDS } from '../alerts/alert-record';
import type { Label } from '../labels';
import { LogoUploadResult } from '../logo/company-logo';
import { PageQuery } from '../paging';
import { commaList, dateString, dateTimeString, flag01, idParam, optionalFilter } from '../query';

export const TaskType = z.enum(['repair', 'inventoryCheck', 'installation', 'inspection'], {
  error: 'must be repair, inventoryCheck, installation or inspection',
});
export type TaskType = z.infer<typeof TaskType>;

export const TaskPriority = z.enum(['low', 'normal', 'high', 'urgent'], {
  error: 'must be low, normal, high or urgent',
});
export type TaskPriority = z.infer<typeof TaskPriority>;

/**
 * created → dispatched → inProgress → completed → verified, or cancelled from any open stage.
 * completed → inProgress sends the work back (the verifier is not satisfied).
 */
export const TaskStage = z.enum(
  ['created', 'dispatched', 'inProgress', 'completed', 'verified', 'cancelled'],
  {
    error: 'must be created, dispatched, inProgress, completed, verified or cancelled',
  },
);
export type TaskStage = z.infer<typeof TaskStage>;

/** Stages of a task still being worked on (a device with such a task is not pending). */
export const OPEN_TASK_STAGES: readonly TaskStage[] = ['created', 'dispatched', 'inProgress', 'completed'];

/** The stage moves `task/advance` accepts (cancel has its own call). */
export const TASK_TRANSITIONS: Readonly<Record<TaskStage, readonly TaskStage[]>> = {
  created: ['dispatched'],
  dispatched: ['inProgress'],
  inProgress: ['completed'],
  completed: ['verified', 'inProgress'],
  verified: [],
  cancelled: [],
};

/**
 * Who may make a move: `manage` = holds BUTTON.taskAdd (dispatch, verify, send back, cancel, create,
 * edit); `handle` = holds BUTTON.taskUpdate (start, complete). A common user (type 3) acts only on
 * tasks assigned to it, whatever its codes.
 */
export function transitionNeeds(from: TaskStage, to: TaskStage): 'manage' | 'handle' {
  if (to === 'dispatched' || to === 'verified') return 'manage';
  if (from === 'completed' && to === 'inProgress') return 'manage';
  return 'handle';
}

export const TASK_TYPE_LABELS: Readonly<Record<TaskType, Label>> = {
  repair: { zh: '维修', en: 'Repair' },
  inventoryCheck: { zh: '盘点', en: 'Inventory check' },
  installation: { zh: '安装', en: 'Installation' },
  inspection: { zh: '巡检', en: 'Inspection' },
};
export const TASK_PRIORITY_LABELS: Readonly<Record<TaskPriority, Label>> = {
  low: { zh: '低', en: 'Low' },
  normal: { zh: '普通', en: 'Normal' },
  high: { zh: '高', en: 'High' },
  urgent: { zh: '紧急', en: 'Urgent' },
};
export const TASK_STAGE_LABELS: Readonly<Record<TaskStage, Label>> = {
  created: { zh: '已创建', en: 'Created' },
  dispatched: { zh: '已派发', en: 'Dispatched' },
  inProgress: { zh: '处理中', en: 'In progress' },
  completed: { zh: '已完成', en: 'Completed' },
  verified: { zh: '已验收', en: 'Verified' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
};

/** Limits of a task's text and lists. */
export const TASK_LIMITS = {
  titleMax: 100,
  descriptionMax: 1000,
  noteMax: 500,
  photosMax: 9,
  targetsMax: 200,
  batchMax: 200,
} as const;

/** Free text as stored: NUL and lone surrogates cleaned as device text is, trimmed. */
const cleanText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? cleanDeviceText(v).trim() : v === null || v === undefined ? '' : v),
    z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`),
  );
const requiredTitle = cleanText(TASK_LIMITS.titleMax).pipe(z.string().min(1, 'is required'));
const ids = (max: number) => z.array(idParam).max(max, `must list at most ${max} ids`);
const photoUrls = z
  .array(z.string().max(200, 'must be at most 200 characters'))
  .max(TASK_LIMITS.photosMax, `must hold at most ${TASK_LIMITS.photosMax} photos`);

/** A device a task concerns, with its store and what it looks like now. */
export const TaskDeviceSchema = z.object({
  deviceId: z.number(),
  deviceName: z.string(),
  shopId: z.number(),
  storeName: z.string(),
  /** 1 online, 0 offline (last known). */
  onlineStatus: z.number(),
  openAlerts: z.number(),
});
export type TaskDevice = z.infer<typeof TaskDeviceSchema>;

/** A store a task concerns (as a whole, or as the store of one of its devices). */
export const TaskStoreSchema = z.object({ shopId: z.number(), storeName: z.string() });
export type TaskStore = z.infer<typeof TaskStoreSchema>;

/** A task as lists show it. Times `YYYY-MM-DD HH:mm:ss`. */
export const TaskSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  type: TaskType,
  priority: TaskPriority,
  stage: TaskStage,
  dueTime: z.string().nullable(),
  /** Due time passed while the task is still created, dispatched or in progress (computed). */
  overdue: z.boolean(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  /** The devices, and the stores named as a whole (a device's store is in `devices[].storeName`). */
  devices: z.array(TaskDeviceSchema),
  stores: z.array(TaskStoreSchema),
  /** Set when the task was created from an alert record. */
  alertRecordId: z.number().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string(),
  /** When the stage last changed. */
  stageTime: z.string(),
  updateTime: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;

/** One recorded stage change: `fromStage` null for the creation. Photo URLs load as `<img src>`. */
export const TaskStageChangeSchema = z.object({
  id: z.number(),
  fromStage: TaskStage.nullable(),
  toStage: TaskStage,
  byUserId: z.number().nullable(),
  byName: z.string().nullable(),
  time: z.string(),
  note: z.string(),
  photos: z.array(z.string()),
});
export type TaskStageChange = z.infer<typeof TaskStageChangeSchema>;

/** One entry of a device's history since the task was opened: online/offline changes and alert records. */
export const TaskDeviceEventSchema = z.object({
  key: z.string(),
  kind: z.enum(MONITOR_LOG_KINDS),
  at: z.string(),
  deviceId: z.number(),
  deviceName: z.string().nullable(),
  recordId: z.number().nullable(),
  name: z.string().nullable(),
  severity: z.number().nullable(),
});
export type TaskDeviceEvent = z.infer<typeof TaskDeviceEventSchema>;

/** GET task/{id}/detail. `allowedStages`: the moves the caller may make now (for the buttons). */
export const TaskDetailSchema = z.object({
  task: TaskSchema,
  history: z.array(TaskStageChangeSchema),
  /** Device tasks: the devices' online changes and alert records since the task was created, newest first (≤ 200). */
  deviceEvents: z.array(TaskDeviceEventSchema),
  allowedStages: z.array(TaskStage),
  canEdit: z.boolean(),
  canCancel: z.boolean(),
});
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

export const TaskIdParams = z.object({ id: idParam });

/** Filters shared by the list and the stage counts. `areaId`: a region, province or city level id. */
export const TaskFilter = z.object({
  type: optionalFilter(TaskType),
  priority: optionalFilter(TaskPriority),
  assigneeId: optionalFilter(idParam),
  shopId: optionalFilter(idParam),
  areaId: optionalFilter(idParam),
  /** Due on or after / on or before these days (YYYY-MM-DD). */
  dueFrom: optionalFilter(dateString),
  dueTo: optionalFilter(dateString),
  /** 1: only overdue tasks; 0: only those not overdue. */
  overdue: optionalFilter(flag01),
  /** Part of the title. */
  keyword: optionalFilter(z.string().trim().max(100, 'must be at most 100 characters')),
});
export type TaskFilter = z.infer<typeof TaskFilter>;

/** GET task/list: newest first; `stage` one or more stages, comma-joined. */
export const TaskListQuery = PageQuery.extend(TaskFilter.shape).extend({ stage: commaList(TaskStage) });
export type TaskListQuery = z.infer<typeof TaskListQuery>;

/** GET task/stageCounts: the same filters, without the stage. */
export const TaskStageCountsQuery = TaskFilter;
export type TaskStageCountsQuery = z.infer<typeof TaskStageCountsQuery>;
export const TaskStageCountSchema = z.object({ stage: TaskStage, count: z.number(), overdue: z.number() });
export type TaskStageCount = z.infer<typeof TaskStageCountSchema>;

/**
 * POST task/create and (with id) task/update. At least one device or store (devices and stores in the
 * caller's scope); `assigneeId` an active common user (type 3) of the company, or null to leave it
 * unassigned (it must be set before dispatching). `dueTime` `YYYY-MM-DD HH:mm:ss`.
 */
export const TaskCreateBody = z.object({
  title: requiredTitle,
  description: cleanText(TASK_LIMITS.descriptionMax),
  type: TaskType,
  priority: TaskPriority.default('normal'),
  dueTime: z.preprocess((v) => (v === '' ? null : v), dateTimeString.nullable().default(null)),
  deviceIds: ids(TASK_LIMITS.targetsMax).default([]),
  shopIds: ids(TASK_LIMITS.targetsMax).default([]),
  assigneeId: z.preprocess((v) => (v === '' ? null : v), idParam.nullable().default(null)),
});
export type TaskCreateBody = z.infer<typeof TaskCreateBody>;

/** POST task/update: a task still created or dispatched; every field as in create. */
export const TaskUpdateBody = TaskCreateBody.extend({ id: idParam });
export type TaskUpdateBody = z.infer<typeof TaskUpdateBody>;

/**
 * POST task/createFromAlert: a repair task for the open record's device, titled after the record and
 * prioritised by its level, unless the body says otherwise.
 */
export const TaskFromAlertBody = z.object({
  alertRecordId: idParam,
  title: optionalFilter(requiredTitle),
  description: optionalFilter(cleanText(TASK_LIMITS.descriptionMax)),
  priority: optionalFilter(TaskPriority),
  dueTime: optionalFilter(dateTimeString),
  assigneeId: optionalFilter(idParam),
});
export type TaskFromAlertBody = z.infer<typeof TaskFromAlertBody>;

/**
 * POST task/batchCreate: one task per pending device (each must still be pending). Type: as given, else
 * what the device's reason suggests. Title: "<type label> <device name>" in the caller's language.
 */
export const TaskBatchBody = z.object({
  deviceIds: ids(TASK_LIMITS.batchMax).pipe(z.array(z.number()).min(1, 'must list at least one device')),
  type: optionalFilter(TaskType),
  priority: TaskPriority.default('normal'),
  dueTime: z.preprocess((v) => (v === '' ? null : v), dateTimeString.nullable().default(null)),
  assigneeId: z.preprocess((v) => (v === '' ? null : v), idParam.nullable().default(null)),
});
export type TaskBatchBody = z.infer<typeof TaskBatchBody>;
export const TaskBatchResultSchema = z.object({ created: z.array(TaskSchema) });

/**
 * POST task/advance: move task `id` to `stage` (one of TASK_TRANSITIONS of its stage) with a note and
 * photos (URLs task/photo/upload returned). Verifying a repair task whose devices are all back online
 * recovers its alert record.
 */
export const TaskAdvanceBody = z.object({
  id: idParam,
  stage: TaskStage,
  note: cleanText(TASK_LIMITS.noteMax),
  photos: photoUrls.default([]),
});
export type TaskAdvanceBody = z.infer<typeof TaskAdvanceBody>;

/** POST task/cancel: ends an open task; the note says why (required). */
export const TaskCancelBody = z.object({
  id: idParam,
  note: cleanText(TASK_LIMITS.noteMax).pipe(z.string().min(1, 'is required')),
});
export type TaskCancelBody = z.infer<typeof TaskCancelBody>;

/** Why a device needs a task now. */
export const PendingReason = z.enum(['offline', 'faulty', 'idle', 'notInventoried'], {
  error: 'must be offline, faulty, idle or notInventoried',
});
export type PendingReason = z.infer<typeof PendingReason>;
export const PENDING_REASON_LABELS: Readonly<Record<PendingReason, Label>> = {
  offline: { zh: '离线超时', en: 'Offline too long' },
  faulty: { zh: '资产故障', en: 'Faulty' },
  idle: { zh: '资产闲置', en: 'Idle' },
  notInventoried: { zh: '未盘点', en: 'Not inventoried' },
};
/** The task type a pending reason suggests. */
export const PENDING_REASON_TASK_TYPE: Readonly<Record<PendingReason, TaskType>> = {
  offline: 'repair',
  faulty: 'repair',
  idle: 'inspection',
  notInventoried: 'inventoryCheck',
};

/**
 * A device that needs a task: monitored and enabled, with no open task, and offline longer than the
 * company's offline threshold, or bound to an asset whose property status is faulty or idle, or bound
 * to no asset of the register (not inventoried). One row per device, its first reason in that order.
 */
export const PendingDeviceSchema = z.object({
  deviceId: z.number(),
  deviceName: z.string(),
  productId: z.number(),
  shopId: z.number(),
  storeName: z.string(),
  reason: PendingReason,
  suggestedType: TaskType,
  onlineStatus: z.number(),
  /** Offline devices: when they went offline. */
  offlineSince: z.string().nullable(),
  /** The device's newest open alert record, if any (for task/createFromAlert). */
  openAlertRecordId: z.number().nullable(),
});
export type PendingDevice = z.infer<typeof PendingDeviceSchema>;

/** GET task/pendingDevices. */
export const PendingDeviceQuery = PageQuery.extend({
  reason: optionalFilter(PendingReason),
  shopId: optionalFilter(idParam),
  areaId: optionalFilter(idParam),
  keyword: optionalFilter(z.string().trim().max(100, 'must be at most 100 characters')),
});
export type PendingDeviceQuery = z.infer<typeof PendingDeviceQuery>;

/** POST task/photo/upload result (as the logo's upload returns it). */
export const TaskPhotoUploadResult = LogoUploadResult;
export type TaskPhotoUploadResult = z.infer<typeof TaskPhotoUploadResult>;
export const TaskPhotoParams = z.object({ name: z.string().max(80) });
