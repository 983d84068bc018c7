/**
 * The alert_rules table (company data: every read and write names the owning company) and the rule
 * side of alert_records: recovering a rule's open records when it is disabled, deleted or watches
 * another item.
 */
import { AlertRecordStatus } from '@storefleet/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { pageWindow } from '../../db/paging';
import type { AlertRulesTable } from '../../db/tables/alerts';
import { containsText } from '../../db/text';
import type { Trx } from '../../db/trx';
import { refreshOpenAlertCounts } from '../../engine/alerting/alert-records.repository';

export type AlertRuleRow = Selectable<AlertRulesTable>;

export interface AlertRuleFilter {
  /** null: every company (platform users without a companyId filter). */
  companyId: number | null;
  alertLevel?: number | undefined;
  alertName?: string | undefined;
  alertType?: number | undefined;
  connectType?: number | undefined;
  id?: number | undefined;
  productType?: number | undefined;
  triggerType?: number | undefined;
}

/** One page of rules matching `filter`, newest first, and the total. */
export async function listAlertRules(
  db: Trx,
  filter: AlertRuleFilter,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: AlertRuleRow[]; total: number }> {
  let query = db.selectFrom('alert_rules');
  if (filter.companyId !== null) query = query.where('company_id', '=', filter.companyId);
  if (filter.alertLevel !== undefined) query = query.where('alert_level', '=', filter.alertLevel);
  if (filter.alertName) query = query.where(containsText('alert_rules.alert_name', filter.alertName));
  if (filter.alertType !== undefined) query = query.where('alert_type', '=', filter.alertType);
  const connectType = filter.connectType;
  // A rule for any connect type (null) or every product type ([]) covers the filtered one too.
  if (connectType !== undefined)
    query = query.where((eb) =>
      eb.or([eb('connect_type', '=', connectType), eb('connect_type', 'is', null)]),
    );
  if (filter.id !== undefined) query = query.where('id', '=', filter.id);
  const productType = filter.productType;
  if (productType !== undefined)
    query = query.where((eb) =>
      eb.or([
        eb('product_types', '=', '[]'),
        eb('product_types', '=', `[${productType}]`),
        eb('product_types', 'like', `[${productType},%`),
        eb('product_types', 'like', `%,${productType},%`),
        eb('product_types', 'like', `%,${productType}]`),
      ]),
    );
  if (filter.triggerType !== undefined) query = query.where('trigger_type', '=', filter.triggerType);
  const window = pageWindow(page);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

/** The rule `id` of company `companyId`, if it is one. */
export async function findCompanyRule(
  db: Trx,
  companyId: number,
  id: number,
): Promise<AlertRuleRow | undefined> {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** Inserts a rule and returns it. */
export async function insertAlertRule(db: Trx, rule: Insertable<AlertRulesTable>): Promise<AlertRuleRow> {
  return db.insertInto('alert_rules').values(rule).returningAll().executeTakeFirstOrThrow();
}

/** Changes a company's rule and returns it (undefined when it is gone). */
export async function updateAlertRule(
  db: Trx,
  companyId: number,
  id: number,
  changes: Updateable<AlertRulesTable>,
): Promise<AlertRuleRow | undefined> {
  return db
    .updateTable('alert_rules')
    .set(changes)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a company's rule; returns whether it existed. */
export async function deleteAlertRule(db: Trx, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('alert_rules')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A record a rule write recovered: what the alert bus announces once the write commits. */
export interface RuleRecoveredRecord {
  recordId: number;
  deviceId: number;
  shopId: number;
  companyId: number;
}

/**
 * Recovers every open record of rule `ruleId` at `at`, and recounts those devices' open alerts (the
 * lists' problems-first order) in the same transaction; returns the records recovered.
 */
export async function recoverRuleAlerts(db: Trx, ruleId: number, at: number): Promise<RuleRecoveredRecord[]> {
  const rows = await db
    .updateTable('alert_records')
    .set({ status: AlertRecordStatus.RECOVERED, recovery_time: at })
    .where('rule_id', '=', ruleId)
    .where('status', '=', AlertRecordStatus.UNRESOLVED)
    .returning(['id', 'device_id', 'shop_id', 'company_id'])
    .execute();
  await refreshOpenAlertCounts(
    db,
    rows.map((r) => r.device_id),
  );
  return rows.map((r) => ({
    recordId: Number(r.id),
    deviceId: Number(r.device_id),
    shopId: Number(r.shop_id),
    companyId: Number(r.company_id),
  }));
}

/** Inserts several rules (the demo seed). */
export async function insertAlertRules(
  db: Trx,
  rules: ReadonlyArray<Insertable<AlertRulesTable>>,
): Promise<void> {
  if (rules.length > 0)
    await db
      .insertInto('alert_rules')
      .values([...rules])
      .execute();
}
