/**
 * Per-company settings (config items). Reads merge the stored values over the defaults of
 * CONFIG_ITEM_DEFINITIONS; writes check every value and the rules between values, then save all
 * together. Other modules read the typed settings through getMonitoringSettings.
 */
import {
  CONFIG_ITEM_CODES,
  CONFIG_ITEM_DEFINITIONS,
  type ConfigItem,
  type ConfigItemUpdateBody,
  type ConfigValues,
  configProblems,
  configValueProblem,
  defaultConfigValues,
  isConfigItemCode,
  type MonitoringSettings,
  toMonitoringSettings,
} from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { Caller, Scope } from '../../auth/caller';
import { coversCompany, requireCompany } from '../../auth/caller';
import type { DB } from '../../db/database';
import { invalidFields, notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { companyExists } from '../stores/companies.repository';
import { type ConfigItemRow, listCompanyConfigRows, saveCompanyConfig } from './config.repository';

/** Stored values over defaults; a stored value that no longer passes its own rule keeps the default. */
function mergedValues(rows: readonly ConfigItemRow[]): ConfigValues {
  const values = defaultConfigValues();
  for (const row of rows) {
    if (isConfigItemCode(row.code) && configValueProblem(row.code, row.value) === null)
      values[row.code] = row.value;
  }
  return values;
}

/** Every config item of a company, defaults included (id null for codes never saved). */
async function companyItems(db: Kysely<DB>, companyId: number): Promise<ConfigItem[]> {
  const rows = await listCompanyConfigRows(db, companyId);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return CONFIG_ITEM_CODES.map((code) => {
    const row = byCode.get(code);
    return {
      id: row?.id ?? null,
      code,
      name: CONFIG_ITEM_DEFINITIONS[code].label.zh,
      value: row?.value ?? CONFIG_ITEM_DEFINITIONS[code].defaultValue,
      companyId,
      createBy: row?.created_by ?? null,
      createDatetime: formatDateTime(row?.created_at),
      updateBy: row?.updated_by ?? null,
      updateDatetime: formatDateTime(row?.updated_at),
    };
  });
}

/** `configItem/list`: the caller's own company. */
export async function listOwnConfigItems(db: Kysely<DB>, scope: Scope): Promise<ConfigItem[]> {
  return companyItems(db, requireCompany(scope));
}

/** `configItem/list/{companyId}/CompanyItem`: 404 for a company outside the caller's scope. */
export async function listCompanyConfigItems(
  db: Kysely<DB>,
  scope: Scope,
  companyId: number,
): Promise<ConfigItem[]> {
  if (!coversCompany(scope, companyId) || !(await companyExists(db, companyId)))
    throw notFound({ zh: '公司', en: 'company' });
  return companyItems(db, companyId);
}

/** `PUT configItem`: validates the whole resulting set, then saves every given code in one transaction. */
export async function updateConfigItems(
  db: Kysely<DB>,
  scope: Scope,
  caller: Caller,
  body: ConfigItemUpdateBody,
  now: number = Date.now(),
): Promise<ConfigItem[]> {
  const companyId = requireCompany(scope);
  const seen = new Set<string>();
  const duplicates = body.configItems.filter(({ code }) => seen.has(code) || !seen.add(code));
  if (duplicates.length) {
    throw invalidFields(
      duplicates.map(({ code }) => ({
        field: `configItems.${code}`,
        message: { zh: '重复出现', en: 'is given more than once' },
      })),
    );
  }
  const values = mergedValues(await listCompanyConfigRows(db, companyId));
  for (const { code, value } of body.configItems) values[code] = value;
  const problems = configProblems(values);
  if (problems.length) {
    throw invalidFields(problems.map((p) => ({ field: `configItems.${p.code}`, message: p.message })));
  }
  await saveCompanyConfig(db, companyId, body.configItems, caller.userName, now);
  return companyItems(db, companyId);
}

/**
 * The typed monitoring settings of a company (probe interval, offline threshold, retention, opening
 * hours, alert mute window…). Falls back to the defaults if stored values ever fail the rules, so a
 * reader never acts on a broken set.
 */
export async function getMonitoringSettings(db: Kysely<DB>, companyId: number): Promise<MonitoringSettings> {
  const values = mergedValues(await listCompanyConfigRows(db, companyId));
  return toMonitoringSettings(configProblems(values).length ? defaultConfigValues() : values);
}
