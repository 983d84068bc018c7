/**
 * Start-up seed. With DEMO on and an empty database: the demo companies, hierarchy, stores, roles and
 * one user of each type. With DEMO=0: no demo data, but a first platform user from ADMIN_USERNAME /
 * ADMIN_PASSWORD when none exists. Runs in one transaction and never seeds twice.
 */
import { NewPassword, UserType } from '@storefleet/contracts';
import type { Transaction } from 'kysely';

import { passwordProblem } from '../auth/password-policy';
import type { PasswordHasher } from '../auth/passwords';
import { type Config, ConfigError } from '../config';
import type { Database, DB, DialectName } from '../db/database';
import { writeList } from '../db/json';
import { stamps } from '../db/stamps';
import type { SecretKeyRing } from '../secrets/secret-keys';
import { seedDemoAlertRules } from './demo-alert-rules';
import {
  DEMO_ACCOUNTS,
  DEMO_COMPANIES,
  DEMO_ROLES,
  type DemoAccount,
  type DemoCompany,
  type DemoRole,
  demoAddress,
  OPERATOR_AUTHORITIES,
  OPERATOR_BUTTONS,
  PLATFORM_ADMIN_NAME,
  VIEWER_AUTHORITIES,
} from './demo-data';
import { seedDemoDevices } from './demo-devices';
import { seedDemoInventory } from './demo-inventory';
import { seedDemoNetTestAddresses } from './demo-speed-test';
import { seedDemoTasks } from './demo-tasks';
import { seedDemoUsage } from './demo-usage';
import {
  hasPlatformUser,
  insertCompany,
  insertLevel,
  insertLevelLabel,
  insertRole,
  insertStores,
  insertUser,
  insertUserCompanies,
  isEmpty,
} from './seed.repository';

export type SeedOutcome =
  | { kind: 'demo'; accounts: DemoAccount[]; password: string }
  | { kind: 'first-admin'; username: string }
  | { kind: 'none' };

type SeedConfig = Pick<Config, 'demo' | 'demoPassword' | 'adminUsername' | 'adminPassword' | 'secrets'>;

/** What the demo seed leaves out on request (tests). */
export interface SeedOptions {
  /**
   * The demo's usage history (demo/demo-usage.ts: 60+ days of transitions, their usage rows and the
   * offline reasons entered for them). Default true: `npm start` and the demo always seed it; the test
   * app leaves it out unless a test asks (testing/test-app.ts `demoHistory`), as it costs about 1 s
   * (SQLite) / 2–3 s (PostgreSQL) per seed.
   */
  usageHistory?: boolean;
}

/** Seeds what the configuration asks for; throws ConfigError when DEMO=0 lacks the first admin's account. */
export async function seedOnStart(
  database: Database,
  config: SeedConfig,
  passwords: PasswordHasher,
  options: SeedOptions = {},
): Promise<SeedOutcome> {
  const { db } = database;
  if (config.demo) {
    if (!(await isEmpty(db))) return { kind: 'none' };
    for (const account of DEMO_ACCOUNTS) {
      const problem = passwordProblem(config.demoPassword, account.username);
      if (problem) throw new ConfigError(`DEMO_PASSWORD ${problem.en} (demo account ${account.username})`);
    }
    const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => passwords.hash(config.demoPassword)));
    try {
      await db
        .transaction()
        .execute((trx) =>
          seedDemo(trx, hashes, Date.now(), options.usageHistory ?? true, database.dialect, config.secrets),
        );
    } catch (error) {
      // Another node seeded at the same moment: its data stands.
      if (!(await isEmpty(db))) return { kind: 'none' };
      throw error;
    }
    return { kind: 'demo', accounts: DEMO_ACCOUNTS, password: config.demoPassword };
  }
  if (await hasPlatformUser(db)) return { kind: 'none' };
  const { adminUsername: username, adminPassword: password } = config;
  if (!username || !password) {
    throw new ConfigError(
      'DEMO=0 and the database has no platform user: set ADMIN_USERNAME and ADMIN_PASSWORD to create the first one',
    );
  }
  const check = NewPassword.safeParse(password);
  if (!check.success)
    throw new ConfigError(`ADMIN_PASSWORD ${check.error.issues[0]?.message ?? 'is not valid'}`);
  const problem = passwordProblem(password, username);
  if (problem) throw new ConfigError(`ADMIN_PASSWORD ${problem.en}`);
  const now = Date.now();
  await insertUser(db, {
    ...newUser(username, PLATFORM_ADMIN_NAME, 0, await passwords.hash(password), now),
    company_id: null,
  });
  return { kind: 'first-admin', username };
}

function newUser(accountName: string, name: string, userType: number, passwordHash: string, now: number) {
  return {
    user_type: userType,
    account_name: accountName,
    name,
    password_hash: passwordHash,
    password_changed_at: now,
    status: 'ACTIVE',
    area_ids: '[]',
    store_ids: '[]',
    ...stamps('system', now),
  };
}

async function seedDemo(
  trx: Transaction<DB>,
  hashes: string[],
  now: number,
  usageHistory: boolean,
  dialect: DialectName,
  secrets: SecretKeyRing,
): Promise<void> {
  const companyIds: number[] = [];
  const firstRegionIds: number[] = [];
  for (const company of DEMO_COMPANIES) {
    const seeded = await seedCompany(trx, company, now);
    companyIds.push(seeded.companyId);
    firstRegionIds.push(seeded.regionIds[0] ?? 0);
  }
  await seedDemoDevices(trx, now, secrets);
  await seedDemoInventory(trx, now);
  await seedDemoAlertRules(trx, companyIds, now);
  if (usageHistory) await seedDemoUsage(trx, now, dialect);
  await seedDemoNetTestAddresses(trx, now);
  const [northwind = 0, harbor = 0] = companyIds;
  const operator = { menu: OPERATOR_AUTHORITIES, buttons: OPERATOR_BUTTONS };
  const role = (
    companyId: number,
    { name, description }: DemoRole,
    codes: { menu: string[]; buttons: string[] },
    areaIds: number[],
  ) =>
    insertRole(trx, {
      company_id: companyId,
      app: 'company',
      name,
      description,
      authorities: writeList(codes.menu),
      button_authorities: writeList(codes.buttons),
      area_ids: writeList(areaIds),
      store_ids: '[]',
      ...stamps('system', now),
    });
  const operatorRole = await role(northwind, DEMO_ROLES.eastOperator, operator, [firstRegionIds[0] ?? 0]);
  await role(northwind, DEMO_ROLES.viewer, { menu: VIEWER_AUTHORITIES, buttons: [] }, []);
  await role(harbor, DEMO_ROLES.warehouseOperator, operator, []);

  const homeCompany: Record<DemoAccount['userType'], number | null> = {
    0: null,
    1: northwind,
    2: northwind,
    3: northwind,
  };
  const demoUserIds: Record<string, number> = {};
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const userId = await insertUser(trx, {
      ...newUser(account.username, account.name, account.userType, hashes[index] ?? '', now),
      company_id: homeCompany[account.userType],
      role_id: account.userType === UserType.CUSTOMER_COMMON_USER ? operatorRole : null,
      email: `${account.username}@example.com`,
    });
    if (account.userType === UserType.AGENT_CUSTOMER_ADMIN_USER)
      await insertUserCompanies(trx, userId, companyIds);
    demoUserIds[account.username] = userId;
  }
  await seedDemoTasks(
    trx,
    northwind,
    { admin: demoUserIds.admin ?? 0, operator: demoUserIds.operator ?? 0 },
    now,
  );
}

async function seedCompany(trx: Transaction<DB>, company: DemoCompany, now: number) {
  const companyId = await insertCompany(trx, company.companyNo, company.name, now);
  for (const [i, label] of company.labels.entries()) await insertLevelLabel(trx, companyId, i + 1, label);
  const level = (pid: number | null, depth: number, zh: string, en: string) =>
    insertLevel(trx, {
      company_id: companyId,
      pid,
      name: zh,
      ename: en,
      level: depth,
      ...stamps('system', now),
    });
  const regionIds: number[] = [];
  let storeCount = 0;
  for (const region of company.regions) {
    const regionId = await level(null, 1, region.zh, region.en);
    regionIds.push(regionId);
    for (const province of region.provinces) {
      const provinceId = await level(regionId, 2, province.zh, province.en);
      for (const city of province.cities) {
        const cityId = await level(provinceId, 3, city.zh, city.en);
        const stores = Array.from({ length: company.storesPerCity }, (_, i) => {
          storeCount += 1;
          return {
            company_id: companyId,
            store_no: `${company.companyNo.slice(0, 2)}${String(storeCount).padStart(4, '0')}`,
            store_name: company.storeName(city, i),
            addr: demoAddress(city, i),
            area_code: city.code,
            area_level: regionId,
            province_level: provinceId,
            city_level: cityId,
            status: 0,
            created_by_name: 'system',
            created_at: now,
            updated_by_name: 'system',
            updated_at: now,
          };
        });
        await insertStores(trx, stores);
      }
    }
  }
  return { companyId, regionIds };
}
