/**
 * Task dispatch (issue 14, docs/decisions/tasks.md): tasks, the devices or stores each concerns, every
 * stage change (who, when, note, photos), the uploaded photos, and the overdue notices already queued.
 * Devices and stores are not foreign keys: a deleted device leaves its tasks' history readable.
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);
  await tableWithId(db, dialect, 'tasks')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('due_at', at)
    .addColumn('assignee_id', 'integer')
    .addColumn('alert_record_id', 'integer')
    .addColumn('created_by_id', 'integer')
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('stage_at', at, (c) => c.notNull())
    .addColumn('updated_at', at, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tasks_company')
    .on('tasks')
    .columns(['company_id', 'stage', 'created_at'])
    .execute();
  await db.schema.createIndex('tasks_assignee').on('tasks').columns(['assignee_id', 'stage']).execute();

  await tableWithId(db, dialect, 'task_targets')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    /** Null: the store as a whole. */
    .addColumn('device_id', 'integer')
    .execute();
  await db.schema.createIndex('task_targets_task').on('task_targets').column('task_id').execute();
  await db.schema.createIndex('task_targets_device').on('task_targets').column('device_id').execute();
  await db.schema.createIndex('task_targets_shop').on('task_targets').column('shop_id').execute();

  await tableWithId(db, dialect, 'task_stage_changes')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('from_stage', 'text')
    .addColumn('to_stage', 'text', (c) => c.notNull())
    .addColumn('by_user_id', 'integer')
    .addColumn('by_name', 'text')
    .addColumn('at', at, (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON list of task photo file names. */
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('task_stage_changes_task').on('task_stage_changes').column('task_id').execute();

  await tableWithId(db, dialect, 'task_photos')
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer')
    .addColumn('created_at', at, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('task_overdue_notices')
    .addColumn('task_id', 'integer', (c) => c.primaryKey().references('tasks.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('due_at', at, (c) => c.notNull())
    .addColumn('notified_at', at, (c) => c.notNull())
    .addColumn('queued', 'integer', (c) => c.notNull())
    .execute();
}
