/**
 * The task module's codes (issue 14): every company role that holds the device module gets the task
 * module and both task buttons (`task:add`, `task:update`), so the people who look after devices can
 * dispatch and handle work orders from the start. Roles created afterwards grant them like any other code.
 */
import { type Kysely, sql } from 'kysely';

import type { DialectName } from '../database';

const DEVICE_MODULE = 'device-management';
const TASK_MODULE = 'task-management';
const TASK_BUTTONS = ['task:add', 'task:update'];

interface RoleCodes {
  id: number;
  authorities: string;
  button_authorities: string;
}

function codeList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  const roles = await sql<RoleCodes>`
    select id, authorities, button_authorities from roles where app = 'company'`.execute(db);
  for (const role of roles.rows) {
    const menu = codeList(role.authorities);
    if (!menu.includes(DEVICE_MODULE)) continue;
    const buttons = codeList(role.button_authorities);
    const nextMenu = menu.includes(TASK_MODULE) ? menu : [...menu, TASK_MODULE];
    const nextButtons = [...buttons, ...TASK_BUTTONS.filter((code) => !buttons.includes(code))];
    if (nextMenu.length === menu.length && nextButtons.length === buttons.length) continue;
    await sql`update roles set authorities = ${JSON.stringify(nextMenu)}, button_authorities = ${JSON.stringify(
      nextButtons,
    )} where id = ${role.id}`.execute(db);
  }
}
