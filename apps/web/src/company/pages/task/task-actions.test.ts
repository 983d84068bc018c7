// Which stage actions the task list offers, by stage and by who looks: managers (task:add) dispatch,
// verify, send back and cancel; handlers (task:update) start and complete; a common user only its own.
import { BUTTON, type TaskStage, UserType } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { actionOf, detailActions, type TaskActor, taskActions } from './task-actions';

const ADMIN: TaskActor = {
  accountId: 1,
  userType: UserType.CUSTOMER_ADMIN_USER,
  buttons: new Set([BUTTON.taskAdd, BUTTON.taskUpdate]),
};
const OPERATOR: TaskActor = {
  accountId: 7,
  userType: UserType.CUSTOMER_COMMON_USER,
  buttons: new Set([BUTTON.taskUpdate]),
};
const task = (stage: TaskStage, assigneeId: number | null = 7) => ({ stage, assigneeId });

describe('task stage actions', () => {
  it('offer a manager dispatch, verify, send back and cancel by stage', () => {
    expect(taskActions(task('created'), ADMIN)).toEqual(['dispatch', 'cancel']);
    expect(taskActions(task('dispatched'), ADMIN)).toEqual(['start', 'cancel']);
    expect(taskActions(task('inProgress'), ADMIN)).toEqual(['complete', 'cancel']);
    expect(taskActions(task('completed'), ADMIN)).toEqual(['verify', 'sendBack', 'cancel']);
    expect(taskActions(task('verified'), ADMIN)).toEqual([]);
    expect(taskActions(task('cancelled'), ADMIN)).toEqual([]);
  });

  it('do not offer dispatch before somebody is assigned', () => {
    expect(taskActions(task('created', null), ADMIN)).toEqual(['cancel']);
  });

  it('offer the assigned common user start and complete only', () => {
    expect(taskActions(task('created'), OPERATOR)).toEqual([]);
    expect(taskActions(task('dispatched'), OPERATOR)).toEqual(['start']);
    expect(taskActions(task('inProgress'), OPERATOR)).toEqual(['complete']);
    expect(taskActions(task('completed'), OPERATOR)).toEqual([]);
  });

  it('offer a common user nothing on a task assigned to somebody else', () => {
    expect(taskActions(task('dispatched', 8), OPERATOR)).toEqual([]);
    expect(taskActions(task('inProgress', 8), OPERATOR)).toEqual([]);
  });

  it('offer a user without task codes nothing', () => {
    const viewer: TaskActor = { ...ADMIN, buttons: new Set() };
    for (const stage of ['created', 'dispatched', 'inProgress', 'completed'] as const)
      expect(taskActions(task(stage), viewer)).toEqual([]);
  });

  it('name the detail page actions after the server-allowed stages', () => {
    expect(actionOf('completed', 'inProgress')).toBe('sendBack');
    expect(actionOf('dispatched', 'inProgress')).toBe('start');
    expect(detailActions('completed', ['verified', 'inProgress'], true)).toEqual([
      'verify',
      'sendBack',
      'cancel',
    ]);
    expect(detailActions('verified', [], false)).toEqual([]);
  });
});
