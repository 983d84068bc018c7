/** Row types of task dispatch (issue 14, migration 20261126_0100). */
import type { Generated } from 'kysely';

/** Epoch milliseconds (bigint on PostgreSQL, parsed to number). */
type Instant = number;

/** A work order; owned by modules/tasks/tasks.repository.ts. */
export interface TasksTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  description: Generated<string>;
  /** contracts TaskType. */
  type: string;
  /** contracts TaskPriority. */
  priority: string;
  /** contracts TaskStage. */
  stage: string;
  due_at: Instant | null;
  /** users.id of the common user it is assigned to. */
  assignee_id: number | null;
  /** The alert record it was created from. */
  alert_record_id: number | null;
  created_by_id: number | null;
  created_by: string | null;
  created_at: Instant;
  /** When the stage last changed. */
  stage_at: Instant;
  updated_at: Instant;
}

/** A device (device_id set) or a whole store (device_id null) a task concerns. */
export interface TaskTargetsTable {
  id: Generated<number>;
  task_id: number;
  company_id: number;
  shop_id: number;
  device_id: number | null;
}

/** One stage change of a task; from_stage null for the creation. */
export interface TaskStageChangesTable {
  id: Generated<number>;
  task_id: number;
  from_stage: string | null;
  to_stage: string;
  by_user_id: number | null;
  by_name: string | null;
  at: Instant;
  note: Generated<string>;
  /** JSON list of task photo file names. */
  photos: Generated<string>;
}

/** An uploaded task photo; owned by modules/tasks/task-photos.repository.ts. */
export interface TaskPhotosTable {
  id: Generated<number>;
  file_name: string;
  company_id: number;
  content_type: string;
  size: number;
  width: number;
  height: number;
  uploaded_by: number | null;
  created_at: Instant;
}

/** The overdue notice queued for a task (at most one); owned by modules/tasks/task-overdue.repository.ts. */
export interface TaskOverdueNoticesTable {
  task_id: number;
  company_id: number;
  /** The due time it was about (a changed due time does not bring a second notice). */
  due_at: Instant;
  notified_at: Instant;
  /** Deliveries queued (0: no recipient covered the task). */
  queued: number;
}

export interface TaskTables {
  tasks: TasksTable;
  task_targets: TaskTargetsTable;
  task_stage_changes: TaskStageChangesTable;
  task_photos: TaskPhotosTable;
  task_overdue_notices: TaskOverdueNoticesTable;
}
