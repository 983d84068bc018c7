/**
 * Demo alert rules: every demo company gets the four ideas an operator would write (issue 11), each
 * one rule naming the product types it covers — 设备离线 (offline for 3 minutes) for every kind of
 * monitored demo device (the simulator's offline episodes), 丢包率过高 (loss above 50 % for a minute)
 * for pinged devices, CPU 负载过高 (CPU above 90 % for 5 minutes, recovers below 80 %) for devices
 * that report CPU, and 电量低 (battery below 15 %, recovers above 20 %) for the Android devices (the
 * simulator's battery cycles). Any connect type and category: the product types say which devices.
 * Rule names are company data, written in Chinese like the rest of the demo (docs/decisions/language.md).
 */
import { ProductType } from '@storefleet/contracts';
import type { Insertable, Kysely } from 'kysely';

import type { DB } from '../db/database';
import type { AlertRulesTable } from '../db/tables/alerts';
import { insertAlertRules } from '../modules/alerts/alert-rules.repository';

// The product types of the monitored demo devices (see demo-devices.ts).
const {
  AI_BOX: BOX,
  ROUTER,
  SWITCH,
  POS,
  PRINTER,
  COMPUTER: PC,
  PDA,
  STOCKTAKE_TABLET: TABLET,
} = ProductType;

export interface DemoRule {
  name: string;
  level: number;
  alertType: 1 | 2;
  triggerType: number;
  operator: 'EQ' | 'LT' | 'GT';
  value: number;
  holdSeconds: number;
  recoveryValue: number | null;
  productTypes: number[];
}

export const DEMO_ALERT_RULES: readonly DemoRule[] = [
  {
    name: '设备离线',
    level: 4,
    alertType: 1,
    triggerType: 1,
    operator: 'EQ',
    value: 0,
    holdSeconds: 180,
    recoveryValue: null,
    productTypes: [BOX, ROUTER, SWITCH, POS, PRINTER, PC, PDA, TABLET],
  },
  {
    name: '丢包率过高',
    level: 3,
    alertType: 1,
    triggerType: 3,
    operator: 'GT',
    // 20% flapped in the demo (51 records in 6.5 minutes): the simulator's lossy links sit around it.
    value: 50,
    holdSeconds: 60,
    recoveryValue: null,
    productTypes: [ROUTER, POS, PRINTER, PC],
  },
  {
    name: 'CPU 负载过高',
    level: 3,
    alertType: 2,
    triggerType: 8,
    operator: 'GT',
    value: 90,
    holdSeconds: 300,
    recoveryValue: 80,
    productTypes: [BOX, SWITCH, POS, PC],
  },
  {
    name: '电量低',
    level: 2,
    alertType: 2,
    triggerType: 11,
    operator: 'LT',
    value: 15,
    holdSeconds: 0,
    recoveryValue: 20,
    productTypes: [POS, PDA, TABLET],
  },
];

/** The demo rules of each company, one per idea. */
export async function seedDemoAlertRules(db: Kysely<DB>, companyIds: number[], now: number): Promise<void> {
  const rows: Insertable<AlertRulesTable>[] = [];
  for (const companyId of companyIds) {
    for (const rule of DEMO_ALERT_RULES) {
      rows.push({
        company_id: companyId,
        alert_name: rule.name,
        alert_level: rule.level,
        alert_type: rule.alertType,
        connect_type: null,
        product_types: JSON.stringify(rule.productTypes),
        hold_seconds: rule.holdSeconds,
        recovery_value: rule.recoveryValue,
        trigger_type: rule.triggerType,
        trigger_operator: rule.operator,
        trigger_value: rule.value,
        device_category: null,
        device_class: null,
        status: 1,
        created_at: now,
        updated_at: now,
        create_by: 'system',
        update_by: 'system',
      });
    }
  }
  await insertAlertRules(db, rows);
}
