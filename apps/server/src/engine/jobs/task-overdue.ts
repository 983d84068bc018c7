/**
 * The task overdue job (issue 14, docs/decisions/tasks.md): once a period (default a minute), on the
 * node holding its lease (job-leases.repository.ts), each task whose due time passed while it was
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
import { randomBytes } from 'node:crypto';
import {
  type Lang,
  TASK_PRIORITY_LABELS,
  TASK_STAGE_LABELS,
  type TaskPriority,
  type TaskStage,
} from '@storefleet/contracts';
import type { Kysely, Transaction } from 'kysely';

import type { DB } from '../../db/database';
import type { EngineParts } from '../engine-parts';
import type { DeliveryRow } from '../notifications/deliveries.repository';
import { insertDeliveries } from '../notifications/deliveries.repository';
import { readNotificationSettings } from '../notifications/notification-channels.repository';
import { formatTime, type OutgoingMessage } from '../notifications/notification-messages';
import {
  type CompanySettings,
  deliveryStatus,
  type RecipientsReader,
  type Target,
  targetsOf,
} from '../notifications/notification-planning';
import type { Notifier } from '../notifications/notifier';
import { logJobFailure } from './job-failure';
import { takeLease } from './job-leases.repository';
import type { SettingsReader } from './monitoring-settings';
import {
  claimOverdueNotice,
  findOverdueTask,
  listUnnoticedOverdue,
  type OverdueTask,
  setNoticeQueued,
} from './task-overdue.repository';

export const TASK_OVERDUE_KIND = 'task_overdue';
const JOB = 'task-overdue';
const BATCH = 50;

/** The alert level recipients must want to hear about a task of this priority. */
export const SEVERITY_OF_PRIORITY: Readonly<Record<string, number>> = {
  low: 2,
  normal: 3,
  high: 4,
  urgent: 5,
};

export interface TaskOverdueOptions {
  settings: SettingsReader;
  recipients: RecipientsReader;
  everyMs?: number;
}

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

/** The message of a task delivery (the notifier's sender asks); undefined when the task is gone. */
export async function taskOverdueMessage(
  db: Kysely<DB>,
  row: Pick<DeliveryRow, 'kind' | 'dedupe_key' | 'address'>,
  lang: Lang,
): Promise<OutgoingMessage | undefined> {
  const id = taskIdOfDelivery(row);
  const task = id === null ? undefined : await findOverdueTask(db, id);
  return task ? overdueMessage(task, row.address, lang) : undefined;
}

export class TaskOverdueJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private readonly node = `${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly ctx: Pick<EngineParts, 'db' | 'log' | 'secrets'> & { notifier: Notifier },
    private readonly options: TaskOverdueOptions,
  ) {}

  /**
   * One pass at `now`: every overdue task without a notice gets one; answers how many tasks were
   * noticed. The notifier is woken to send what was queued.
   */
  async runOnce(now: number): Promise<number> {
    let noticed = 0;
    for (;;) {
      const tasks = await listUnnoticedOverdue(this.ctx.db, now, BATCH);
      if (tasks.length === 0) break;
      const settings = new Map<number, CompanySettings>();
      for (const task of tasks) {
        if (!settings.has(task.companyId))
          settings.set(task.companyId, await this.loadSettings(task.companyId));
      }
      await this.ctx.db.transaction().execute(async (trx) => {
        for (const task of tasks) {
          if (!(await claimOverdueNotice(trx, task, now))) continue;
          const company = settings.get(task.companyId);
          if (!company) continue;
          const queued = await queueOverdue(trx, task, await this.targetsOf(trx, task), company, now);
          await setNoticeQueued(trx, task.id, queued);
          noticed += 1;
        }
      });
      if (tasks.length < BATCH) break;
    }
    if (noticed > 0) this.ctx.notifier.wake();
    return noticed;
  }

  private async loadSettings(companyId: number): Promise<CompanySettings> {
    const [monitoring, channels] = await Promise.all([
      this.options.settings(this.ctx.db, companyId),
      readNotificationSettings(this.ctx.db, this.ctx.secrets, companyId),
    ]);
    return { monitoring, channels };
  }

  /** The recipients covering any of the task's stores at its priority's level, each once per channel. */
  private async targetsOf(trx: Transaction<DB>, task: OverdueTask): Promise<Target[]> {
    const severity = SEVERITY_OF_PRIORITY[task.priority] ?? 3;
    const seen = new Map<string, Target>();
    for (const shopId of task.shopIds) {
      const recipients = await this.options.recipients(trx, { companyId: task.companyId, shopId, severity });
      for (const target of targetsOf(recipients)) seen.set(`${target.senderId}:${target.channel}`, target);
    }
    return [...seen.values()];
  }

  start(everyMs = this.options.everyMs ?? 60_000): void {
    if (this.timer) return;
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const now = Date.now();
      const pass = takeLease(this.ctx.db, JOB, this.node, now, now + 3 * everyMs)
        .then((held) => (held ? this.runOnce(now) : 0))
        .catch((error: unknown) => logJobFailure(this.ctx.log, JOB, error))
        .finally(() => {
          busy = false;
        });
      this.running = pass;
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** Inserts the task's deliveries as alert notices are decided (quiet time, channel off, caps); returns how many are queued. */
async function queueOverdue(
  trx: Transaction<DB>,
  task: OverdueTask,
  targets: readonly Target[],
  settings: CompanySettings,
  now: number,
): Promise<number> {
  let queued = 0;
  for (const target of targets) {
    const { status, reason } = await deliveryStatus(trx, task.companyId, target, settings, now);
    const inserted = await insertDeliveries(trx, [
      {
        company_id: task.companyId,
        record_id: null,
        sender_id: target.senderId,
        channel: target.channel,
        kind: TASK_OVERDUE_KIND,
        repeat_no: 0,
        address: target.address,
        language: target.language,
        status,
        reason,
        next_attempt_at: now,
        dedupe_key: `task:${task.id}:${target.senderId}:${target.channel}:overdue`,
        created_at: now,
      },
    ]);
    if (status === 'queued') queued += inserted.length;
  }
  return queued;
}
