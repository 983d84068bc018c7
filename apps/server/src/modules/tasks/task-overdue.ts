/**
 * The task overdue job (issue 14, docs/decisions/tasks.md): once a minute, on the node holding its
 * lease (engine/jobs/job-scheduler.ts), each task whose due time passed while it was
 * still created, dispatched or in progress gets ONE overdue notice: deliveries queued in the
 * notifier's queue (`alert_deliveries`, kind `task_overdue`) to the company's alert recipients who
 * cover one of the task's stores at the level its priority maps to — muted in a quiet time, refused
 * on a channel that is off, held by a cap, as alert notices are. The notifier sends them (it asks
 * `taskOverdueMessage` for the words). The notice row is claimed first, in the same transaction, so
 * a task is never told about twice, by any pass or node.
 *
 * A task delivery names its task in its dedupe key, `task:<taskId>:<sender>:<channel>:overdue`
 * (record_id stays null: the column means an alert record).
 */
import {
  type Lang,
  TASK_PRIORITY_LABELS,
  TASK_STAGE_LABELS,
  type TaskPriority,
  type TaskStage,
} from '@storefleet/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import type { ScheduledJob } from '../../engine/jobs/job-scheduler';
import { ChannelOffError } from '../../engine/notifications/channel-senders';
import type { DeliveryRow } from '../../engine/notifications/deliveries.repository';
import { readNotificationSettings } from '../../engine/notifications/notification-channels.repository';
import { formatTime, type OutgoingMessage } from '../../engine/notifications/notification-messages';
import {
  type CompanySettings,
  type NoticeFacts,
  queueDeliveries,
  type Target,
  targetsOf,
} from '../../engine/notifications/notification-planning';
import { listRecipientsFor } from '../alerts/alert-senders.repository';
import { getMonitoringSettings } from '../config/config.service';
import {
  claimOverdueNotice,
  findOverdueTask,
  listUnnoticedOverdue,
  type OverdueTask,
  setNoticeQueued,
} from './task-overdue.repository';

export const TASK_OVERDUE_KIND = 'task_overdue';
/** The job's name (its lease). */
export const TASK_OVERDUE_JOB = 'task-overdue';
const BATCH = 50;

/** The alert level recipients must want to hear about a task of this priority. */
export const SEVERITY_OF_PRIORITY: Readonly<Record<string, number>> = {
  low: 2,
  normal: 3,
  high: 4,
  urgent: 5,
};

/** The task a delivery is about, from its dedupe key; null when it is not a task delivery. */
export function taskIdOfDelivery(row: Pick<DeliveryRow, 'kind' | 'dedupe_key'>): number | null {
  if (row.kind !== TASK_OVERDUE_KIND) return null;
  const m = /^task:(\d+):/.exec(row.dedupe_key);
  return m ? Number(m[1]) : null;
}

const WORDS: Record<Lang, { subject(title: string, store: string): string; lines: string[] }> = {
  zh: {
    subject: (title, store) => `【任务逾期】${title}（${store}）`,
    lines: ['任务：', '门店：', '截止时间：', '当前阶段：', '优先级：', '处理人：'],
  },
  en: {
    subject: (title, store) => `[Task overdue] ${title} (${store})`,
    lines: ['Task: ', 'Store: ', 'Due: ', 'Stage: ', 'Priority: ', 'Assignee: '],
  },
};

/** The words of an overdue notice in `lang`. */
export function overdueMessage(task: OverdueTask, address: string, lang: Lang): OutgoingMessage {
  const w = WORDS[lang];
  const store = task.storeNames.join(', ');
  const stage = TASK_STAGE_LABELS[task.stage as TaskStage]?.[lang] ?? task.stage;
  const priority = TASK_PRIORITY_LABELS[task.priority as TaskPriority]?.[lang] ?? task.priority;
  const subject = w.subject(task.title, store);
  const values = [task.title, store, formatTime(task.dueAt), stage, priority, task.assigneeName ?? '-'];
  return {
    subject,
    text: w.lines.map((label, i) => `${label}${values[i]}`).join('\n'),
    fields: {
      deviceName: '',
      shopName: store,
      name: task.title,
      severity: String(SEVERITY_OF_PRIORITY[task.priority] ?? 3),
      severityName: priority,
      alertTime: formatTime(task.dueAt),
      recoveryTime: '',
      status: stage,
      kind: TASK_OVERDUE_KIND,
      value: '',
      phone: address,
      message: subject,
    },
  };
}

/** The message of a task delivery (the notifier asks); ChannelOffError when the task is gone. */
export async function taskOverdueMessage(
  db: Kysely<DB>,
  row: Pick<DeliveryRow, 'kind' | 'dedupe_key' | 'address'>,
  lang: Lang,
): Promise<OutgoingMessage> {
  const id = taskIdOfDelivery(row);
  const task = id === null ? undefined : await findOverdueTask(db, id);
  if (!task) throw new ChannelOffError('the task no longer exists');
  return overdueMessage(task, row.address, lang);
}

type OverdueContext = Pick<AppContext, 'db' | 'engine' | 'config'>;

/**
 * One pass at `now`: every overdue task without a notice gets one; answers how many tasks were
 * noticed. The notifier is woken to send what was queued. Tests call it; the job runs it every minute.
 */
export async function noticeOverdueTasks(ctx: OverdueContext, now: number): Promise<number> {
  let noticed = 0;
  for (;;) {
    const tasks = await listUnnoticedOverdue(ctx.db, now, BATCH);
    if (tasks.length === 0) break;
    const settings = new Map<number, CompanySettings>();
    for (const task of tasks) {
      if (!settings.has(task.companyId))
        settings.set(task.companyId, await loadSettings(ctx, task.companyId));
    }
    await ctx.db.transaction().execute(async (trx) => {
      for (const task of tasks) {
        if (!(await claimOverdueNotice(trx, task, now))) continue;
        const company = settings.get(task.companyId);
        if (!company) continue;
        const queued = await queueOverdue(trx, task, await targetsOfTask(trx, task), company, now);
        await setNoticeQueued(trx, task.id, queued);
        noticed += 1;
      }
    });
    if (tasks.length < BATCH) break;
  }
  if (noticed > 0) ctx.engine.notifier.wake();
  return noticed;
}

/**
 * The task overdue job, declared to the engine's scheduler by buildApp (modules/index.ts MODULE_JOBS):
 * a pass every minute on one node of the cluster, finished before the app closes. Tells the notifier
 * how to word its deliveries.
 */
export function taskOverdueJob(ctx: OverdueContext): ScheduledJob {
  ctx.engine.notifier.addMessageSource(TASK_OVERDUE_KIND, taskOverdueMessage);
  return {
    name: TASK_OVERDUE_JOB,
    everyMs: 60_000,
    runsOn: 'cluster',
    finishOnStop: true,
    pass: (now) => noticeOverdueTasks(ctx, now),
  };
}

async function loadSettings(ctx: OverdueContext, companyId: number): Promise<CompanySettings> {
  const [monitoring, channels] = await Promise.all([
    getMonitoringSettings(ctx.db, companyId),
    readNotificationSettings(ctx.db, ctx.config.secrets, companyId),
  ]);
  return { monitoring, channels };
}

/** The recipients covering any of the task's stores at its priority's level, each once per channel. */
async function targetsOfTask(trx: Transaction<DB>, task: OverdueTask): Promise<Target[]> {
  const severity = SEVERITY_OF_PRIORITY[task.priority] ?? 3;
  const seen = new Map<string, Target>();
  for (const shopId of task.shopIds) {
    const recipients = await listRecipientsFor(trx, { companyId: task.companyId, shopId, severity });
    for (const target of targetsOf(recipients)) seen.set(`${target.senderId}:${target.channel}`, target);
  }
  return [...seen.values()];
}

/** Inserts the task's deliveries as alert notices are decided (quiet time, channel off, caps); returns how many are queued. */
function queueOverdue(
  trx: Transaction<DB>,
  task: OverdueTask,
  targets: readonly Target[],
  settings: CompanySettings,
  now: number,
): Promise<number> {
  const notice: NoticeFacts = {
    companyId: task.companyId,
    recordId: null,
    kind: TASK_OVERDUE_KIND,
    repeatNo: 0,
    dedupeKey: (target) => `task:${task.id}:${target.senderId}:${target.channel}:overdue`,
  };
  return queueDeliveries(trx, notice, targets, settings, now);
}
