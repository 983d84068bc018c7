/**
 * Who may see and move a task (issue 14, docs/decisions/tasks.md). Data scope: the company, and a task's
 * stores inside the caller's region/store scope; a common user (type 3) sees and acts on only the tasks
 * assigned to it (others read as missing, 404). Moves: TASK_TRANSITIONS; `transitionNeeds` says which
 * button code a move takes.
 */
import { BUTTON, TASK_TRANSITIONS, type TaskStage, transitionNeeds, UserType } from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { TaskAudience, TaskRow } from './tasks.repository';

/** The name a change is recorded under. */
export const actorOf = (caller: Caller) => caller.name || caller.userName;
/** A common user: sees and acts on only the tasks assigned to it. */
export const isCommon = (caller: Caller) => caller.userType === UserType.CUSTOMER_COMMON_USER;
/** Holds the code to create, edit, dispatch, verify, send back and cancel tasks. */
export const canManage = (caller: Caller) => caller.buttonAuthorities.includes(BUTTON.taskAdd);
/** Holds the code to start and complete tasks. */
export const canHandle = (caller: Caller) => caller.buttonAuthorities.includes(BUTTON.taskUpdate);

/** What the caller may see: its scope, and for a common user only its own tasks. */
export function audienceOf(caller: Caller, scope: Scope): TaskAudience {
  return { scope, assigneeId: isCommon(caller) ? caller.userId : null };
}

/** Whether the caller may move `row` to `to` now (code, and for a common user its own task). */
export function mayMove(caller: Caller, row: TaskRow, to: TaskStage): boolean {
  if (isCommon(caller) && row.assignee_id !== caller.userId) return false;
  const from = row.stage as TaskStage;
  if (!TASK_TRANSITIONS[from].includes(to)) return false;
  return transitionNeeds(from, to) === 'manage' ? canManage(caller) : canHandle(caller);
}
