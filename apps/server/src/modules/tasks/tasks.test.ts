// Task dispatch end to end on the demo data: a repair task from an open alert record, dispatched,
// advanced by the assigned common user (another common user cannot see or move it), completed and
// verified — which recovers the alert once the device is back online; pending devices and batch
// creation; bad input and forbidden moves write nothing; an overdue task is mailed once to the alert
// recipient through a real local SMTP server.
import type {
  PagedResult,
  PendingDevice,
  Task,
  TaskDetail,
  TaskPhotoUploadResult,
  TaskStageCount,
} from '@storefleet/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { up } from '../../db/migrations/20261126_0110_task_codes';

import {
  insertNotificationFixture,
  type NotificationFixture,
  openRecord,
  peerSettings,
} from '../../engine/notifications/test-support/notification-fixture';
import {
  type HttpPeer,
  type SmtpPeer,
  startHttpPeer,
  startSmtpPeer,
  until,
} from '../../engine/notifications/test-support/notification-peers';
import { insertRole } from '../../testing/role-rows';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { pngImage } from '../../testing/test-images';
import { noticeOverdueTasks } from './task-overdue';

const API = '/api/device-service/task';

let t: TestApp;
let smtp: SmtpPeer;
let http: HttpPeer;
let f: NotificationFixture;
let admin: string;
let operator: string;
let other: string;
let operatorId: number;
let otherId: number;

const get = (path: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `${API}${path}`, headers: bearer(token) });
const post = (path: string, payload: Record<string, unknown>, token = admin) =>
  t.app.inject({ method: 'POST', url: `${API}${path}`, headers: bearer(token), payload });

function multipart(bytes: Buffer) {
  const boundary = 'storefleet-task-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n`),
    Buffer.from('Content-Type: image/png\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { 'content-type': `multipart/form-data; boundary=${boundary}`, payload };
}

async function countRows(): Promise<{ tasks: number; changes: number }> {
  const tasks = await t.ctx.db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const changes = await t.ctx.db
    .selectFrom('task_stage_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { tasks: Number(tasks.n), changes: Number(changes.n) };
}

async function setDevice(id: number, online: boolean, offlineSince: number | null = null) {
  await t.ctx.db
    .updateTable('devices')
    .set({ monitored: 1, state: 1, online_status: online ? 1 : 0, latest_offline_time: offlineSince })
    .where('id', '=', id)
    .execute();
}

beforeAll(async () => {
  [t, smtp, http] = await Promise.all([createTestApp({ demo: true }), startSmtpPeer(), startHttpPeer()]);
  f = await insertNotificationFixture(t.ctx.db, peerSettings(smtp, http));
  const op = await t.ctx.db
    .selectFrom('users')
    .selectAll()
    .where('account_name', '=', 'operator')
    .executeTakeFirstOrThrow();
  operatorId = op.id;
  const { id: _id, ...copy } = op;
  const inserted = await t.ctx.db
    .insertInto('users')
    .values({ ...copy, account_name: 'operator2', name: '第二运维员', email: 'operator2@example.com' })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherId = inserted.id;
  [admin, operator, other] = await Promise.all([
    t.signIn('admin'),
    t.signIn('operator'),
    t.signIn('operator2'),
  ]);
  for (const id of [f.posId, f.switchId, f.boxId]) await setDevice(id, true);
});
afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), http.close()]);
});

describe('a repair task from an alert, end to end', () => {
  it('is created, dispatched, advanced by its assignee only, completed and verified, recovering the alert', async () => {
    await setDevice(f.posId, false, Date.now() - 3_600_000);
    const recordId = await openRecord(t.ctx.db, f, {
      at: Date.now() - 60_000,
      severity: 4,
      name: 'POS offline',
    });

    const created = await post('/createFromAlert', { alertRecordId: recordId, assigneeId: operatorId });
    expect(created.statusCode).toBe(200);
    const task = envelopeOf<Task>(created).data;
    expect(task).toMatchObject({
      type: 'repair',
      priority: 'high',
      stage: 'created',
      alertRecordId: recordId,
      assigneeId: operatorId,
      assigneeName: '华东运维员',
    });
    expect(task.devices.map((d) => d.deviceId)).toEqual([f.posId]);

    // A second task for the same open alert's device is refused.
    const again = await post('/createFromAlert', { alertRecordId: recordId });
    expect(again.statusCode).toBe(409);

    // Only the assignee among common users sees it.
    expect((await get(`/${task.id}/detail`, other)).statusCode).toBe(404);
    const otherList = envelopeOf<PagedResult<Task>>(await get('/list?pageSize=100', other)).data;
    expect(otherList.list.map((x) => x.id)).not.toContain(task.id);
    const ownList = envelopeOf<PagedResult<Task>>(await get('/list?pageSize=100', operator)).data;
    expect(ownList.list.map((x) => x.id)).toContain(task.id);
    const seen = envelopeOf<TaskDetail>(await get(`/${task.id}/detail`, operator)).data;
    expect(seen.allowedStages).toEqual([]);
    expect(seen.deviceEvents.some((e) => e.kind === 'alertOpened' && e.recordId === recordId)).toBe(true);

    // Dispatching takes task:add, which the operator's role does not grant.
    const before = await countRows();
    expect(
      (await post('/advance', { id: task.id, stage: 'dispatched', note: '' }, operator)).statusCode,
    ).toBe(403);
    expect(await countRows()).toEqual(before);
    const dispatched = await post('/advance', { id: task.id, stage: 'dispatched', note: 'please go' });
    expect(envelopeOf<TaskDetail>(dispatched).data.task.stage).toBe('dispatched');

    // The other common user cannot move it; the assignee starts it with a photo.
    expect((await post('/advance', { id: task.id, stage: 'inProgress', note: '' }, other)).statusCode).toBe(
      404,
    );
    const { payload, ...headers } = multipart(pngImage(8, 8));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${API}/photo/upload`,
      headers: { ...headers, ...bearer(operator) },
      payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const photo = envelopeOf<TaskPhotoUploadResult>(uploaded).data;
    const started = await post(
      '/advance',
      { id: task.id, stage: 'inProgress', note: 'on site', photos: [photo.url] },
      operator,
    );
    expect(started.statusCode).toBe(200);
    const startedDetail = envelopeOf<TaskDetail>(started).data;
    const last = startedDetail.history.at(-1);
    expect(last).toMatchObject({
      fromStage: 'dispatched',
      toStage: 'inProgress',
      note: 'on site',
      byName: '华东运维员',
    });
    expect(last?.photos).toEqual([photo.url]);
    const image = await t.app.inject({ method: 'GET', url: photo.url, headers: bearer(admin) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');
    // Served as an image, never as a page (imageReply).
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(image.headers['cache-control']).toBe('private, max-age=86400');

    // A photo URL not issued by the upload is refused, and nothing is written.
    const forged = await post(
      '/advance',
      { id: task.id, stage: 'completed', note: '', photos: ['/etc/passwd'] },
      operator,
    );
    expect(forged.statusCode).toBe(400);

    const completed = await post(
      '/advance',
      { id: task.id, stage: 'completed', note: 'replaced cable' },
      operator,
    );
    expect(envelopeOf<TaskDetail>(completed).data.task.stage).toBe('completed');

    // Invalid moves: the operator cannot verify; no one can jump back to dispatched.
    const mid = await countRows();
    expect((await post('/advance', { id: task.id, stage: 'verified', note: '' }, operator)).statusCode).toBe(
      403,
    );
    expect((await post('/advance', { id: task.id, stage: 'dispatched', note: '' })).statusCode).toBe(400);
    expect((await post('/advance', { id: task.id, stage: 'nonsense', note: '' })).statusCode).toBe(400);
    expect(await countRows()).toEqual(mid);

    // The device is back: verifying recovers the alert record.
    await setDevice(f.posId, true);
    const verified = await post('/advance', { id: task.id, stage: 'verified', note: 'ok' });
    expect(envelopeOf<TaskDetail>(verified).data.task.stage).toBe('verified');
    const record = await t.ctx.db
      .selectFrom('alert_records')
      .select(['status', 'closed_by'])
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
    expect(Number(record.status)).toBe(1);
    expect(record.closed_by).toBe('北风管理员');

    // A finished task cannot be cancelled.
    expect((await post('/cancel', { id: task.id, note: 'late' })).statusCode).toBe(409);
    const counts = envelopeOf<TaskStageCount[]>(await get('/stageCounts')).data;
    expect(counts.find((c) => c.stage === 'verified')?.count).toBeGreaterThanOrEqual(1);
  });
});

describe('bad input', () => {
  it('answers 4xx and writes nothing', async () => {
    const before = await countRows();
    const base = { title: 'Check', type: 'inspection', deviceIds: [f.posId] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, deviceIds: [] }, 'deviceIds'],
      [{ ...base, title: '  ' }, 'title'],
      [{ ...base, type: 'party' }, 'type'],
      [{ ...base, deviceIds: [f.foreignId] }, 'deviceIds'],
      [{ ...base, assigneeId: otherId + 1000 }, 'assigneeId'],
      [{ ...base, dueTime: '2026-02-30 10:00:00' }, 'dueTime'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/create', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.body, field).toContain(field);
    }
    // The admin (a customer admin) is no common user: not an assignee.
    const adminUser = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('account_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect((await post('/create', { ...base, assigneeId: adminUser.id })).statusCode).toBe(400);
    // A common user without task:add cannot create.
    expect((await post('/create', base, operator)).statusCode).toBe(403);
    expect(await countRows()).toEqual(before);
  });
});

describe('pending devices and batch creation', () => {
  it('lists devices offline past the threshold or not inventoried, and creates one task per device', async () => {
    await setDevice(f.posId, false, Date.now() - 3_600_000);
    const pending = envelopeOf<PagedResult<PendingDevice>>(
      await get(`/pendingDevices?shopId=${f.shopId}&pageSize=100`),
    ).data;
    const pos = pending.list.find((d) => d.deviceId === f.posId);
    expect(pos).toMatchObject({ reason: 'offline', suggestedType: 'repair' });
    const sw = pending.list.find((d) => d.deviceId === f.switchId);
    expect(sw).toMatchObject({ reason: 'notInventoried', suggestedType: 'inventoryCheck' });

    const batch = await post('/batchCreate', { deviceIds: [f.posId, f.switchId], assigneeId: operatorId });
    expect(batch.statusCode).toBe(200);
    const created = envelopeOf<{ created: Task[] }>(batch).data.created;
    expect(created.map((x) => [x.devices[0]?.deviceId, x.type])).toEqual([
      [f.posId, 'repair'],
      [f.switchId, 'inventoryCheck'],
    ]);
    const after = envelopeOf<PagedResult<PendingDevice>>(
      await get(`/pendingDevices?shopId=${f.shopId}&pageSize=100`),
    ).data;
    expect(after.list.map((d) => d.deviceId)).not.toContain(f.posId);

    // All or nothing: a device that already has a task fails the whole batch.
    const before = await countRows();
    const again = await post('/batchCreate', { deviceIds: [f.boxId, f.posId] });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(String(f.posId));
    expect(await countRows()).toEqual(before);
  });
});

describe('overdue', () => {
  it('flags a due task on the list and mails the alert recipient once', async () => {
    const created = await post('/create', {
      title: 'Inspect the overdue store',
      type: 'inspection',
      priority: 'urgent',
      shopIds: [f.shopId],
      dueTime: '2026-01-05 10:00:00',
      assigneeId: operatorId,
    });
    expect(created.statusCode).toBe(200);
    const task = envelopeOf<Task>(created).data;
    expect(task.overdue).toBe(true);
    const overdueList = envelopeOf<PagedResult<Task>>(await get('/list?overdue=1&pageSize=100')).data;
    expect(overdueList.list.find((x) => x.id === task.id)?.overdue).toBe(true);
    const notOverdue = envelopeOf<PagedResult<Task>>(await get('/list?overdue=0&pageSize=100')).data;
    expect(notOverdue.list.map((x) => x.id)).not.toContain(task.id);

    // Noon local time: inside the default notification hours, so nothing is muted.
    const noon = new Date(2026, 0, 6, 12, 0, 0).getTime();
    t.ctx.engine.notifier.clock = () => noon;
    await noticeOverdueTasks(t.ctx, noon);
    await t.ctx.engine.notifier.run();
    const mine = () => smtp.to(f.email).filter((m) => m.subject?.includes('Inspect the overdue store'));
    await until(() => mine().length === 1, 'the overdue mail');
    expect(mine()[0]?.subject).toContain('任务逾期');
    expect(mine()[0]?.text).toContain('Agent link test store');

    // Another pass tells no one again.
    await noticeOverdueTasks(t.ctx, noon + 120_000);
    await t.ctx.engine.notifier.run();
    const deliveries = await t.ctx.db
      .selectFrom('alert_deliveries')
      .select(['channel', 'status'])
      .where('dedupe_key', 'like', `task:${task.id}:%`)
      .execute();
    expect(deliveries.filter((d) => d.channel === 1)).toHaveLength(1);
    expect(mine()).toHaveLength(1);
  });
});

describe('the demo tasks, editing and cancelling', () => {
  it('seeds a task in every stage for the operator; a created task is edited, then cancelled with a note', async () => {
    const counts = envelopeOf<TaskStageCount[]>(await get('/stageCounts', operator)).data;
    for (const stage of ['created', 'dispatched', 'inProgress', 'completed', 'verified', 'cancelled'])
      expect(counts.find((c) => c.stage === stage)?.count, stage).toBeGreaterThanOrEqual(1);
    expect(counts.find((c) => c.stage === 'inProgress')?.overdue).toBeGreaterThanOrEqual(1);

    const created = envelopeOf<PagedResult<Task>>(
      await get('/list?stage=created&pageSize=100', operator),
    ).data;
    const demo = created.list.find((x) => x.title === '门店季度巡检');
    if (!demo) throw new Error('the demo seeds a created inspection task');
    const body = {
      id: demo.id,
      title: '门店季度巡检（改）',
      type: 'inspection',
      priority: 'high',
      shopIds: demo.stores.map((s) => s.shopId),
      assigneeId: operatorId,
    };
    expect((await post('/update', body, operator)).statusCode).toBe(403);
    const edited = await post('/update', body);
    expect(edited.statusCode).toBe(200);
    expect(envelopeOf<Task>(edited).data).toMatchObject({ title: '门店季度巡检（改）', priority: 'high' });

    expect((await post('/cancel', { id: demo.id, note: '' })).statusCode).toBe(400);
    const cancelled = envelopeOf<TaskDetail>(
      await post('/cancel', { id: demo.id, note: 'store closed' }),
    ).data;
    expect(cancelled.task.stage).toBe('cancelled');
    expect(cancelled.history.at(-1)).toMatchObject({ toStage: 'cancelled', note: 'store closed' });
    expect(cancelled.allowedStages).toEqual([]);
    // A cancelled task is no longer editable.
    expect((await post('/update', body)).statusCode).toBe(409);
  });
});

describe('migration 20261126_0110_task_codes', () => {
  it('grants the task module and both buttons to company roles holding the device module, and no other role', async () => {
    const role = (name: string, authorities: string[]) =>
      insertRole(t.ctx.db, { companyId: f.companyId, name, authorities, buttons: ['device:ping'] });
    const devices = await role('Device people', ['device-management']);
    const viewers = await role('Dashboard people', ['dashboard']);
    await up(t.ctx.db as unknown as Kysely<unknown>, t.database.dialect);
    await up(t.ctx.db as unknown as Kysely<unknown>, t.database.dialect);
    const codes = async (id: number) => {
      const r = await t.ctx.db
        .selectFrom('roles')
        .select(['authorities', 'button_authorities'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        menu: JSON.parse(r.authorities) as string[],
        buttons: JSON.parse(r.button_authorities) as string[],
      };
    };
    expect(await codes(devices)).toEqual({
      menu: ['device-management', 'task-management'],
      buttons: ['device:ping', 'task:add', 'task:update'],
    });
    expect(await codes(viewers)).toEqual({ menu: ['dashboard'], buttons: ['device:ping'] });
  });
});
