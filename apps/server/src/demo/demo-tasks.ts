/**
 * Demo tasks (issue 14): a handful of work orders of the retail chain (NW001) in every stage, assigned
 * to the demo operator, on the first stores (East China, the operator's region) — so the task pages
 * show data on first start. One is overdue. Written through the tasks repository, inside the demo
 * seed's transaction, after the users.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import { changeTaskStage, insertTask } from '../modules/tasks/tasks.repository';
import { listSeedDevices, listSeedStores } from './demo-devices.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ADMIN = '北风管理员';
const OPERATOR = '华东运维员';

interface DemoTask {
  title: string;
  description: string;
  type: string;
  priority: string;
  /** Due time from now (ms; negative: past). */
  due: number;
  /** The stages it went through after `created`, with who and a note. */
  path: Array<{ to: string; by: 'admin' | 'operator'; note: string }>;
  /** A device of the store (index among its non-box devices), or the store as a whole. */
  device: number | null;
  store: number;
}

const TASKS: DemoTask[] = [
  {
    title: '门店季度巡检',
    description: '检查网络柜、电源和摄像头角度',
    type: 'inspection',
    priority: 'normal',
    due: 5 * DAY,
    path: [],
    device: null,
    store: 0,
  },
  {
    title: '收银机频繁离线',
    description: '近三天多次离线，检查网线与交换机端口',
    type: 'repair',
    priority: 'high',
    due: 2 * DAY,
    path: [{ to: 'dispatched', by: 'admin', note: '请今天内到店处理' }],
    device: 0,
    store: 0,
  },
  {
    title: '打印机卡纸故障',
    description: '',
    type: 'repair',
    priority: 'urgent',
    due: -6 * HOUR,
    path: [
      { to: 'dispatched', by: 'admin', note: '' },
      { to: 'inProgress', by: 'operator', note: '已到店，等待配件' },
    ],
    device: 1,
    store: 1,
  },
  {
    title: '新增客流摄像头安装',
    description: '入口处加装一台摄像头并接入盒子',
    type: 'installation',
    priority: 'normal',
    due: 3 * DAY,
    path: [
      { to: 'dispatched', by: 'admin', note: '' },
      { to: 'inProgress', by: 'operator', note: '' },
      { to: 'completed', by: 'operator', note: '已安装并确认画面正常' },
    ],
    device: null,
    store: 2,
  },
  {
    title: '资产盘点',
    description: '核对资产标签与序列号',
    type: 'inventoryCheck',
    priority: 'low',
    due: -2 * DAY,
    path: [
      { to: 'dispatched', by: 'admin', note: '' },
      { to: 'inProgress', by: 'operator', note: '' },
      { to: 'completed', by: 'operator', note: '全部核对完毕' },
      { to: 'verified', by: 'admin', note: '验收通过' },
    ],
    device: null,
    store: 1,
  },
  {
    title: '更换交换机',
    description: '',
    type: 'repair',
    priority: 'normal',
    due: DAY,
    path: [{ to: 'cancelled', by: 'admin', note: '门店已自行更换' }],
    device: 2,
    store: 2,
  },
];

/** Seeds the demo tasks; `users` are the demo admin's and operator's ids. */
export async function seedDemoTasks(
  db: Kysely<DB>,
  companyId: number,
  users: { admin: number; operator: number },
  now: number,
): Promise<void> {
  const stores = (await listSeedStores(db)).filter((s) => s.company_id === companyId);
  const devices = await listSeedDevices(db);
  for (const [i, task] of TASKS.entries()) {
    const store = stores[task.store];
    if (!store) continue;
    const own = devices.filter((d) => d.shop_id === store.id && d.parent_device_id !== null);
    const device = task.device === null ? undefined : own[task.device];
    // Created a few days ago, one hour apart, each change an hour after the one before.
    let at = now - 4 * DAY + i * HOUR;
    const id = await insertTask(
      db,
      {
        company_id: companyId,
        title: task.title,
        description: task.description,
        type: task.type,
        priority: task.priority,
        due_at: now + task.due,
        assignee_id: users.operator,
        alert_record_id: null,
        created_by_id: users.admin,
        created_by: ADMIN,
      },
      [{ shopId: store.id, deviceId: device ? device.id : null }],
      '',
      at,
    );
    let from = 'created';
    for (const step of task.path) {
      at += HOUR;
      await changeTaskStage(
        db,
        id,
        {
          from,
          to: step.to,
          byUserId: step.by === 'admin' ? users.admin : users.operator,
          byName: step.by === 'admin' ? ADMIN : OPERATOR,
          note: step.note,
          photos: [],
        },
        at,
      );
      from = step.to;
    }
  }
}
