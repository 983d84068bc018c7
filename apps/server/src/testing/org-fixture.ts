/**
 * The demo organisation as the org tests meet it: a test app on a fresh database with the demo seed,
 * a token for each demo user, both companies' ids, and look-ups of hierarchy levels by name.
 */
import { createTestApp, type TestApp } from './test-app';

export interface OrgFixture {
  t: TestApp;
  admin: string;
  operator: string;
  agent: string;
  platform: string;
  /** Northwind Retail (NW001), the admin's and operator's company. */
  northwind: number;
  /** Harbor Logistics (HL001), the other company. */
  harbor: number;
}

/** A region with its first province and that province's first city. */
export interface LevelChain {
  region: number;
  province: number;
  city: number;
}

export async function openOrgFixture(): Promise<OrgFixture> {
  const t = await createTestApp();
  const [admin, operator, agent, platform] = await Promise.all(
    ['admin', 'operator', 'agent', 'platform'].map((user) => t.signIn(user)),
  );
  const companies = await t.ctx.db.selectFrom('companies').select(['id', 'company_no']).execute();
  return {
    t,
    admin: admin ?? '',
    operator: operator ?? '',
    agent: agent ?? '',
    platform: platform ?? '',
    northwind: companies.find((c) => c.company_no === 'NW001')?.id ?? 0,
    harbor: companies.find((c) => c.company_no === 'HL001')?.id ?? 0,
  };
}

/** The id of the company's level called `name`. */
export async function levelId(t: TestApp, companyId: number, name: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('level_configs')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The region called `regionName`, its first province and that province's first city. */
export async function levelChain(t: TestApp, companyId: number, regionName: string): Promise<LevelChain> {
  const region = await levelId(t, companyId, regionName);
  const firstChild = async (pid: number) =>
    (
      await t.ctx.db
        .selectFrom('level_configs')
        .select('id')
        .where('pid', '=', pid)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const province = await firstChild(region);
  return { region, province, city: await firstChild(province) };
}
