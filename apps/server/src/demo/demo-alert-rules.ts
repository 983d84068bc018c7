/**
 * Demo alert rules: every demo company gets enabled rules that the simulated fleet trips within
 * minutes — 设备离线 (device offline) for each kind of monitored demo device (the simulator's offline
 * episodes), 丢包率过高 (high packet loss) for pinged devices, CPU 负载过高 (CPU overload) for devices
 * that report CPU, and 电量低 (battery low) for the Android devices (the simulator's battery cycles).
 * One rule names one connect type, product type and category, so each kind gets its own rule. Rule
 * names are company data, written in Chinese like the rest of the demo (docs/decisions/language.md).
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

export interface DemoRule {
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
    name: '设备离线',
    level: 4,
    alertType: 1,
    triggerType: 1,
    operator: 'EQ',
    value: 0,
    targets: [BOX, SWITCH, ROUTER, POS, PRINTER, PC, PDA, TABLET],
  },
  {
    name: '丢包率过高',
    level: 3,
    alertType: 1,
    triggerType: 3,
    operator: 'GT',
    // 20% flapped in the demo (51 records in 6.5 minutes): the simulator's lossy links sit around it.
    value: 50,
    targets: [ROUTER, POS, PRINTER, PC],
  },
  {
    name: 'CPU 负载过高',
    level: 3,
    alertType: 2,
    triggerType: 8,
    operator: 'GT',
    value: 90,
    targets: [BOX, SWITCH, PC, POS],
  },
  {
    name: '电量低',
    level: 2,
    alertType: 2,
    triggerType: 11,
    operator: 'LT',
    value: 15,
    targets: [POS, PDA, TABLET],
  },
];

/** The stored name of `rule`'s rule for `productType`: "<rule>（<product type>）", e.g. 设备离线（路由器）. */
export function demoRuleName(rule: Pick<DemoRule, 'name'>, productType: number): string {
  const product = ProductType.has(productType) ? ProductType.labelOf(productType, 'zh') : String(productType);
  return `${rule.name}（${product}）`;
}

/** The demo rules of each company, one per rule and target (demoRuleName). */
export async function seedDemoAlertRules(db: Kysely<DB>, companyIds: number[], now: number): Promise<void> {
  const rows: Insertable<AlertRulesTable>[] = [];
  for (const companyId of companyIds) {
    for (const rule of DEMO_ALERT_RULES) {
      for (const target of rule.targets) {
        rows.push({
          company_id: companyId,
          alert_name: demoRuleName(rule, target.productType),
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
