/**
 * Enabled alert rules per company, kept in memory so ingest pays a Map lookup, not a query, for a
 * company whose rules it has seen. One cache per app (`ctx.engine.rulesCache`, created by engine.ts). Rule
 * writes call `ctx.engine.rulesCache.invalidate(companyId)` after they commit; a load that raced such a
 * write (it began before the invalidation) is used once but not kept, so the next batch reads the
 * rules again.
 */
import { triggerTypeOf } from '@storefleet/contracts';

import type { Trx } from '../../db/trx';
import { type ActiveRule, type CompanyRules, groupRules, type TriggerOperator } from './alert-evaluation';
import { listEnabledRules } from './alert-records.repository';

const NO_RULES: CompanyRules = groupRules([]);

/** A JSON number[] column (product_types, shop_ids, area_ids); anything else reads as []. */
export function idsOf(json: string): number[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

export class AlertRulesCache {
  private readonly companies = new Map<number, CompanyRules>();
  private readonly generations = new Map<number, number>();
  /** Bumped by `clear`: a load that began before it is used once but not kept. */
  private epoch = 0;
  /** Other server nodes (engine/cluster/cluster-bus.ts): set when the nodes share a bus. */
  relay: ((companyId: number) => void) | null = null;

  /**
   * The enabled rules of each company in `companyIds`: cached ones as they are, the others read in
   * one query (inside the caller's transaction) and cached — unless a rule write invalidated the
   * company while they were read, in which case they serve this call only.
   */
  async rulesFor(db: Trx, companyIds: Iterable<number>): Promise<Map<number, CompanyRules>> {
    const out = new Map<number, CompanyRules>();
    const missing: number[] = [];
    for (const id of companyIds) {
      if (out.has(id)) continue;
      const cached = this.companies.get(id);
      if (cached) out.set(id, cached);
      else if (!missing.includes(id)) missing.push(id);
    }
    if (missing.length === 0) return out;
    const started = new Map(missing.map((id) => [id, this.generations.get(id) ?? 0]));
    const epoch = this.epoch;
    const rows = await listEnabledRules(db, missing);
    const grouped = new Map<number, ActiveRule[]>(missing.map((id) => [id, []]));
    for (const row of rows) {
      const trigger = triggerTypeOf(row.trigger_type);
      if (!trigger) continue;
      grouped.get(row.company_id)?.push({
        id: row.id,
        companyId: row.company_id,
        name: row.alert_name,
        level: row.alert_level,
        triggerType: row.trigger_type,
        item: trigger.item,
        operator: row.trigger_operator as TriggerOperator,
        threshold: Number(row.trigger_value),
        recoveryThreshold: row.recovery_value === null ? null : Number(row.recovery_value),
        holdMs: Number(row.hold_seconds) * 1000,
        connectType: row.connect_type,
        productTypes: idsOf(row.product_types),
        shopIds: idsOf(row.shop_ids),
        areaIds: idsOf(row.area_ids),
        deviceCategory: row.device_category,
        deviceClass: row.device_class,
      });
    }
    for (const [companyId, rules] of grouped) {
      const entry = rules.length === 0 ? NO_RULES : groupRules(rules);
      out.set(companyId, entry);
      if (this.epoch === epoch && (this.generations.get(companyId) ?? 0) === started.get(companyId))
        this.companies.set(companyId, entry);
    }
    return out;
  }

  /** Forgets the company's rules here and on the other nodes (call after a rule write commits). */
  invalidate(companyId: number): void {
    this.forget(companyId);
    this.relay?.(companyId);
  }

  /** Forgets the company's rules on this node only (another node wrote them). */
  forget(companyId: number): void {
    this.generations.set(companyId, (this.generations.get(companyId) ?? 0) + 1);
    this.companies.delete(companyId);
  }

  /** Forgets every company's rules (the bus reconnected: invalidations may have been missed). */
  clear(): void {
    this.epoch++;
    this.companies.clear();
  }
}
