/**
 * Task dispatch (issue 14 "Done when"): on the demo, the admin makes a task from an open alert record on
 * the alert overview, dispatches it to the East China operator (a common user), the operator signs in,
 * sees only its tasks, starts and completes it with a note and a photo, and the admin verifies it. What
 * the list, the stage cards and the details show is checked against the calls' replies.
 *
 * The open alert record comes from the offline sweep: a box of the operator's region reports through a
 * simulated fleet and falls silent; with the company's offline threshold lowered and the offline rule's
 * hold at 0 its record opens within a sweep or two.
 */
import {
  type AlertRecord,
  AlertRecordEndpoints,
  AuthEndpoints,
  ConfigEndpoints,
  type Device,
  DeviceEndpoints,
  fillPath,
  MAX_PAGE_SIZE,
  type PagedResult,
  PENDING_REASON_LABELS,
  type PendingDevice,
  TASK_STAGE_LABELS,
  type Task,
  type TaskDetail,
  TaskEndpoints,
  type TaskStageCount,
} from '@storefleet/contracts';
import { type Fleet, startFleet } from '@storefleet/simulator';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';

import { pngImage } from '../apps/server/src/testing/test-images';
import { DEMO_PASSWORD, newBoxKey, setOfflineRuleHold, useConsole } from './harness';

const WAIT = { timeout: 15_000 };
/** The offline sweep runs every 30 s past a 20 s threshold; generous for a loaded machine. */
const ALERT_WAIT = { timeout: 150_000, interval: 2_000 };
const OPERATOR_NAME = '华东运维员';

const app = useConsole({
  SIMULATOR: '0',
  ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
});
const fleets: Fleet[] = [];
afterAll(async () => {
  for (const fleet of fleets) await fleet.stop();
});

async function tokenOf(username: string): Promise<string> {
  const { accessToken } = await app.call<{ accessToken: string }>(AuthEndpoints.login, {
    body: { username, password: DEMO_PASSWORD },
  });
  return accessToken;
}

/** Opens the dialog of `action` on the task list row, writes `note` (and adds `photo`), confirms. */
async function advanceOnList(page: Page, action: string, id: number, note: string, photo = false) {
  await page.getByTestId(`task-${action}-${id}`).click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByTestId('task-advance-note').fill(note);
  if (photo) {
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'done.png', mimeType: 'image/png', buffer: pngImage(32, 24, [40, 160, 60]) });
    await dialog.locator('.ant-upload-list-item-done').waitFor(WAIT);
  }
  await dialog.getByTestId('task-advance-submit').click();
  await dialog.waitFor({ state: 'hidden', ...WAIT });
}

const stageText = (page: Page, id: number) => page.getByTestId(`task-stage-${id}`).textContent();

describe('task dispatch', () => {
  it('goes from an open alert to a verified task through the dispatcher and the operator', async () => {
    const admin = await tokenOf('admin');
    const operator = await tokenOf('operator');
    await app.call(ConfigEndpoints.update, {
      token: admin,
      body: {
        configItems: [
          { code: 'probe_interval_seconds', value: '10' },
          { code: 'offline_threshold_seconds', value: '20' },
        ],
      },
    });
    await setOfflineRuleHold(app, admin, 0);

    // A box of the operator's region (the operator lists it), with no open task: it reports for a while
    // through a simulated fleet, falls silent, and the offline sweep opens its record.
    const openTasks = await app.call<PagedResult<Task>>(TaskEndpoints.taskList, {
      token: admin,
      query: { stage: 'created,dispatched,inProgress,completed', pageNum: 1, pageSize: 100 },
    });
    const busy = new Set(openTasks.list.flatMap((task) => task.devices.map((d) => d.deviceId)));
    const boxesQuery = { queryType: 1, monitored: 1, pageNum: 1, pageSize: MAX_PAGE_SIZE };
    const adminBoxes = await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
      token: admin,
      query: boxesQuery,
    });
    const operatorBoxes = await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
      token: operator,
      query: boxesQuery,
    });
    const visible = new Set(operatorBoxes.list.map((box) => box.deviceId));
    const target = adminBoxes.list.find(
      (box) => box.securityKey && visible.has(box.deviceId) && !busy.has(box.deviceId),
    );
    if (!target?.securityKey) throw new Error('the demo has no free box with a key in the operator region');
    const targetKey = await newBoxKey(app, admin, target.deviceId);
    const fleet = startFleet({
      serverUrl: app.url,
      episodes: false,
      intervalSeconds: 5,
      boxes: [{ key: targetKey }],
    });
    fleets.push(fleet);
    await expect
      .poll(
        async () =>
          (
            await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
              token: admin,
              query: { ...boxesQuery, shopId: target.shopId, onlineStatus: 1 },
            })
          ).list.some((d) => d.deviceId === target.deviceId),
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true);
    await fleet.stop();
    let record: AlertRecord | undefined;
    await expect
      .poll(async () => {
        const open = await app.call<PagedResult<AlertRecord>>(AlertRecordEndpoints.listAlertRecords, {
          token: operator,
          query: { shopIdStr: target.shopId, status: 0, pageNum: 1, pageSize: 100 },
        });
        record = open.list.find((r) => r.deviceId === target.deviceId);
        return record !== undefined;
      }, ALERT_WAIT)
      .toBe(true);
    if (!record) throw new Error('no open alert record');

    // The admin makes the task from the alert overview's row.
    const { context, page } = await app.openPage();
    await app.signIn(page);
    await page.goto(`${app.url}/alerts/index.html?status=0`);
    await page.getByTestId(`alert-task-${record.id}`).click();
    await page.waitForURL((url) => url.pathname === '/task/save.html');
    await expect
      .poll(() => page.getByTestId('task-form-from-alert').textContent(), WAIT)
      .toContain(`#${record.id}`);
    await page.getByTestId('task-form-assignee').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: OPERATOR_NAME })
      .first()
      .click();
    await page.getByTestId('task-form-submit').click();
    await page.waitForURL((url) => url.pathname === '/alerts/index.html');

    const created = await app.call<PagedResult<Task>>(TaskEndpoints.taskList, {
      token: admin,
      query: { pageNum: 1, pageSize: 10 },
    });
    const task = created.list.find((t) => t.alertRecordId === record?.id);
    if (!task) throw new Error('the task made from the alert is not listed');
    expect(task).toMatchObject({ type: 'repair', stage: 'created', assigneeName: OPERATOR_NAME });
    expect(task.devices.map((d) => d.deviceId)).toEqual([record.deviceId]);

    // The list shows it as the call does; the admin dispatches it.
    await page.goto(`${app.url}/task/task-list.html`);
    await expect.poll(() => stageText(page, task.id), WAIT).toBe(TASK_STAGE_LABELS.created.zh);
    await expect(page.getByTestId(`task-title-${task.id}`).textContent()).resolves.toBe(task.title);
    await expect(page.getByTestId(`task-assignee-${task.id}`).textContent()).resolves.toBe(OPERATOR_NAME);
    const rows = page.getByTestId('task-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), WAIT).toBe(Math.min(created.total, 10));
    await advanceOnList(page, 'dispatch', task.id, '请今天处理');
    await expect.poll(() => stageText(page, task.id), WAIT).toBe(TASK_STAGE_LABELS.dispatched.zh);
    await context.close();

    // The operator sees only its own tasks, starts and completes this one with a photo.
    const mine = await app.call<PagedResult<Task>>(TaskEndpoints.taskList, {
      token: operator,
      query: { pageNum: 1, pageSize: 100 },
    });
    expect(mine.list.every((t) => t.assigneeName === OPERATOR_NAME)).toBe(true);
    const op = await app.openPage();
    await app.signIn(op.page, 'operator');
    await op.page.goto(`${app.url}/task/task-list.html?pageSize=100`);
    await expect.poll(() => stageText(op.page, task.id), WAIT).toBe(TASK_STAGE_LABELS.dispatched.zh);
    const opRows = op.page.getByTestId('task-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => opRows.count(), WAIT).toBe(mine.total);
    // A common user is offered no dispatch, verify or cancel.
    await expect(op.page.getByTestId(`task-cancel-${task.id}`).count()).resolves.toBe(0);
    await advanceOnList(op.page, 'start', task.id, '已到店');
    await expect.poll(() => stageText(op.page, task.id), WAIT).toBe(TASK_STAGE_LABELS.inProgress.zh);
    await advanceOnList(op.page, 'complete', task.id, '已更换网线', true);
    await expect.poll(() => stageText(op.page, task.id), WAIT).toBe(TASK_STAGE_LABELS.completed.zh);
    await expect(op.page.getByTestId(`task-verify-${task.id}`).count()).resolves.toBe(0);
    await op.context.close();

    // The admin verifies it on the details page; the history shows who did what, with the photo.
    const back = await app.openPage();
    await app.signIn(back.page);
    await back.page.goto(`${app.url}/task/detail.html?id=${task.id}`);
    await back.page.getByTestId('task-detail-verify').click();
    const dialog = back.page.locator('.ant-modal:visible');
    await dialog.getByTestId('task-advance-note').fill('验收通过');
    await dialog.getByTestId('task-advance-submit').click();
    await expect
      .poll(() => back.page.getByTestId('task-detail-stage').textContent(), WAIT)
      .toBe(TASK_STAGE_LABELS.verified.zh);
    const shown = await detailOf(admin, task.id);
    expect(shown.history.map((h) => h.toStage)).toEqual(
      expect.arrayContaining(['created', 'dispatched', 'inProgress', 'completed', 'verified']),
    );
    const history = back.page.getByTestId('task-history');
    for (const change of shown.history) {
      if (change.note)
        await expect
          .poll(() => history.getByTestId(`task-history-note-${change.id}`).textContent(), WAIT)
          .toBe(change.note);
    }
    const completed = shown.history.find((h) => h.toStage === 'completed');
    expect(completed).toMatchObject({ byName: OPERATOR_NAME, note: '已更换网线' });
    expect(completed?.photos).toHaveLength(1);
    await expect
      .poll(() => history.getByTestId(`task-history-photos-${completed?.id}`).locator('img').count(), WAIT)
      .toBe(1);

    // The stage cards count as the call does.
    const counts = await app.call<TaskStageCount[]>(TaskEndpoints.taskStageCounts, { token: admin });
    await back.page.goto(`${app.url}/task/task-stages.html`);
    for (const count of counts)
      await expect
        .poll(() => back.page.getByTestId(`task-stage-count-${count.stage}`).textContent(), WAIT)
        .toBe(String(count.count));
    expect(counts.find((c) => c.stage === 'verified')?.count).toBeGreaterThan(0);
    await back.context.close();
  }, 420_000);
});

describe('pending devices', () => {
  it('are listed with their reasons as the call says, and chosen ones get a task each', async () => {
    const admin = await tokenOf('admin');
    const query = { pageNum: 1, pageSize: 10 };
    const pending = await app.call<PagedResult<PendingDevice>>(TaskEndpoints.pendingDevices, {
      token: admin,
      query,
    });
    expect(pending.total).toBeGreaterThan(0);
    const { context, page } = await app.openPage();
    await app.signIn(page);
    await page.goto(`${app.url}/task/pending-devices.html?pageSize=10`);
    const table = page.getByTestId('pending-table');
    for (const device of pending.list)
      await expect
        .poll(() => table.getByTestId(`pending-reason-${device.deviceId}`).textContent(), WAIT)
        .toBe(PENDING_REASON_LABELS[device.reason].zh);
    await expect(table.locator('tbody tr.ant-table-row').count()).resolves.toBe(pending.list.length);

    const [first] = pending.list;
    if (!first) throw new Error('no pending device');
    await table.locator(`tr[data-row-key="${first.deviceId}"] input[type=checkbox]`).check();
    await page.getByTestId('pending-batch').click();
    await page.getByTestId('pending-batch-ok').click();
    await page.locator('.ant-modal:visible').waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(() => table.locator(`tr[data-row-key="${first.deviceId}"]`).count(), WAIT).toBe(0);
    const tasks = await app.call<PagedResult<Task>>(TaskEndpoints.taskList, {
      token: admin,
      query: { stage: 'created', pageNum: 1, pageSize: 100 },
    });
    const made = tasks.list.filter((t) => t.devices.some((d) => d.deviceId === first.deviceId));
    expect(made).toHaveLength(1);
    expect(made[0]?.type).toBe(first.suggestedType);
    await context.close();
  }, 180_000);
});

/** GET task/{id}/detail as the given user. */
async function detailOf(token: string, id: number): Promise<TaskDetail> {
  const endpoint = TaskEndpoints.taskDetail;
  return app.call<TaskDetail>({ ...endpoint, path: fillPath(endpoint.path, { id }) }, { token });
}
