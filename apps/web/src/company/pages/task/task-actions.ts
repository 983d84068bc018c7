/**
 * Which stage actions a user is offered on a task (pure, unit-tested), mirroring the server's rules
 * (contracts `TASK_TRANSITIONS` + `transitionNeeds`): dispatch, verify and send back need `task:add`;
 * start and complete need `task:update`; cancel needs `task:add` on an open task. A common user acts
 * only on the tasks assigned to it. The detail page uses the server's own `allowedStages`/`canCancel`.
 */
import {
  BUTTON,
  OPEN_TASK_STAGES,
  TASK_TRANSITIONS,
  type Task,
  type TaskStage,
  transitionNeeds,
  UserType,
} from '@storefleet/contracts';

/** A stage action as the screen names it. */
export type TaskAction = 'dispatch' | 'start' | 'complete' | 'verify' | 'sendBack' | 'cancel';

/** The action that moves a task from `from` to `to` (cancel has its own call). */
export function actionOf(from: TaskStage, to: TaskStage): TaskAction {
  if (to === 'dispatched') return 'dispatch';
  if (to === 'completed') return 'complete';
  if (to === 'verified') return 'verify';
  if (to === 'cancelled') return 'cancel';
  return from === 'completed' ? 'sendBack' : 'start';
}

/** The stage an action moves a task to. */
export const TARGET_STAGE: Readonly<Record<TaskAction, TaskStage>> = {
  dispatch: 'dispatched',
  start: 'inProgress',
  complete: 'completed',
  verify: 'verified',
  sendBack: 'inProgress',
  cancel: 'cancelled',
};

export interface TaskActor {
  /** The signed-in account. */
  accountId: number;
  userType: number;
  /** The user's button codes. */
  buttons: ReadonlySet<string>;
}

/** The moves `actor` may make on `task` now, in the order the screen shows them (cancel last). */
export function taskActions(task: Pick<Task, 'stage' | 'assigneeId'>, actor: TaskActor): TaskAction[] {
  const common = actor.userType === UserType.CUSTOMER_COMMON_USER;
  if (common && task.assigneeId !== actor.accountId) return [];
  const manage = actor.buttons.has(BUTTON.taskAdd);
  const handle = actor.buttons.has(BUTTON.taskUpdate);
  const out: TaskAction[] = [];
  for (const to of TASK_TRANSITIONS[task.stage]) {
    const needs = transitionNeeds(task.stage, to);
    if (needs === 'manage' ? !manage : !handle) continue;
    // A task goes out only to somebody.
    if (to === 'dispatched' && task.assigneeId === null) continue;
    out.push(actionOf(task.stage, to));
  }
  if (manage && OPEN_TASK_STAGES.includes(task.stage)) out.push('cancel');
  return out;
}

/** The detail page's actions, from what the server says the caller may do. */
export function detailActions(
  stage: TaskStage,
  allowedStages: readonly TaskStage[],
  canCancel: boolean,
): TaskAction[] {
  const out = allowedStages.map((to) => actionOf(stage, to));
  if (canCancel) out.push('cancel');
  return out;
}
