/**
 * Acknowledge and close get their own button codes (issue 11 "Pages"): `alert:ack` and `alert:close`
 * under the alert overview page. Before, every holder of the overview page could do both, so every
 * company role that holds the page (module + page codes) is granted both codes here and keeps what it
 * could do. Roles created afterwards grant them like any other button.
 */
import { type Kysely, sql } from 'kysely';

import type { DialectName } from '../database';

const OVERVIEW_PAGE = 'alert-store-list-view';
const OVERVIEW_MODULE = 'alert-management';
const NEW_CODES = ['alert:ack', 'alert:close'];

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
    const pages = codeList(role.authorities);
    if (!pages.includes(OVERVIEW_PAGE) || !pages.includes(OVERVIEW_MODULE)) continue;
    const buttons = codeList(role.button_authorities);
    const missing = NEW_CODES.filter((code) => !buttons.includes(code));
    if (missing.length === 0) continue;
    const next = JSON.stringify([...buttons, ...missing]);
    await sql`update roles set button_authorities = ${next} where id = ${role.id}`.execute(db);
  }
}
