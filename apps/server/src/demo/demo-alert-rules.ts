/**
 * Demo alert rules: every demo company gets enabled rules that the simulated fleet trips within
 * minutes — "Device offline" for each kind of monitored demo device (the simulator's offline
 * episodes), "High packet loss" for pinged devices, "CPU overload" for devices that report CPU, and
 * "Battery low" for the Android devices (the simulator's battery cycles). One rule names one connect
 * type, product type and category, so each kind gets its own rule.
 */
import { ProductType } from '@storefleet/contracts';
import type { Insertable, Kysely } from 'kysely';

import type { DB } from '../db/database';
import type { AlertRulesTable } from '../db/tables/alerts';
import { insertAlertRules } from '../modules/alerts/alert-rules.repository';

/** A kind of monitored demo device (see demo-devices.ts), as rules match it. */
interface DemoTarget {
  connectType: number;
  productType: number;
  category: string;
}

const BOX: DemoTarget = { connectType: 1, productType: 1, category: 'box' };
const SWITCH: DemoTarget = { connectType: 2, productType: 3, category: 'network' };
const ROUTER: DemoTarget = { connectType: 4, productType: 2, category: 'network' };
const POS: DemoTarget = { connectType: 5, productType: 4, category: 'terminal' };
const PRINTER: DemoTarget = { connectType: 3, productType: 5, category: 'print' };
const PC: DemoTarget = { connectType: 1, productType: 6, category: 'terminal' };
const PDA: DemoTarget = { connectType: 5, productType: 8, category: 'mobile' };
const TABLET: DemoTarget = { connectType: 5, productType: 13, category: 'mobile' };

interface DemoRule {
  name: string;
  level: number;
  alertType: 1 | 2;
  triggerType: number;
  operator: 'EQ' | 'LT' | 'GT';
  value: number;
  targets: DemoTarget[];
}

export const DEMO_ALERT_RULES: readonly DemoRule[] = [
  {
    name: 'Device offline',
    level: 4,
    alertType: 1,
    triggerType: 1,
    operator: 'EQ',
    value: 0,
    targets: [BOX, SWITCH, ROUTER, POS, PRINTER, PC, PDA, TABLET],
  },
  {
    name: 'High packet loss',
    level: 3,
    alertType: 1,
    triggerType: 3,
    operator: 'GT',
    // 20% flapped in the demo (51 records in 6.5 minutes): the simulator's lossy links sit around it.
    value: 50,
    targets: [ROUTER, POS, PRINTER, PC],
  },
  {
    name: 'CPU overload',
    level: 3,
    alertType: 2,
    triggerType: 8,
    operator: 'GT',
    value: 90,
    targets: [BOX, SWITCH, PC, POS],
  },
  {
    name: 'Battery low',
    level: 2,
    alertType: 2,
    triggerType: 11,
    operator: 'LT',
    value: 15,
    targets: [POS, PDA, TABLET],
  },
];

const productLabel = (code: number) =>
  ProductType.has(code) ? ProductType.labelOf(code, 'en') : String(code);

/** The demo rules of each company, named "<rule> (<product type>)". */
export async function seedDemoAlertRules(db: Kysely<DB>, companyIds: number[], now: number): Promise<void> {
  const rows: Insertable<AlertRulesTable>[] = [];
  for (const companyId of companyIds) {
    for (const rule of DEMO_ALERT_RULES) {
      for (const target of rule.targets) {
        rows.push({
          company_id: companyId,
          alert_name: `${rule.name} (${productLabel(target.productType)})`,
          alert_level: rule.level,
          alert_type: rule.alertType,
          connect_type: target.connectType,
          product_type: target.productType,
          trigger_type: rule.triggerType,
          trigger_operator: rule.operator,
          trigger_value: rule.value,
          device_category: target.category,
          device_class: null,
          status: 1,
          created_at: now,
          updated_at: now,
          create_by: 'system',
          update_by: 'system',
        });
      }
    }
  }
  await insertAlertRules(db, rows);
}
