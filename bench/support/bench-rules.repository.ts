/**
 * The alert rules of an ingest benchmark run (`--rules`): none enabled (the baseline), or five enabled
 * rules per watched item for every device (every trigger type, every product type, the whole company)
 * with thresholds no value reaches, so the run measures evaluation, not record writes.
 */
import { TRIGGER_TYPES } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../../apps/server/src/db/database';

export type RulesMode = 'demo' | 'none' | 'five';

/** Sets the companies' rules for `mode` (before the first batch: the server's rules cache is still empty). */
export async function setBenchRules(db: Kysely<DB>, mode: RulesMode): Promise<void> {
  if (mode === 'demo') return;
  await db.updateTable('alert_rules').set({ status: 0 }).execute();
  if (mode === 'none') return;
  const companies = await db.selectFrom('companies').select('id').execute();
  const now = Date.now();
  for (const { id } of companies) {
    const rows = TRIGGER_TYPES.flatMap((trigger) =>
      Array.from({ length: 5 }, (_, i) => ({
        company_id: id,
        alert_name: `bench ${trigger.item} ${i + 1}`,
        alert_level: 3,
        alert_type: trigger.alertType,
        connect_type: null,
        product_types: '[]',
        trigger_type: trigger.value,
        trigger_operator: 'GT',
        trigger_value: 1e12 + i,
        device_category: null,
        device_class: null,
        status: 1,
        created_at: now,
        updated_at: now,
      })),
    );
    await db.insertInto('alert_rules').values(rows).execute();
  }
}
