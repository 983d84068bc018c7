import { type LevelLabel, LevelLabelEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HARBOR } from '../../demo/demo-data';
import { createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: string;
let operator: string;
let platform: string;
let harbor: number;
let northwind: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  platform = await t.signIn('platform');
  const companies = await t.ctx.db.selectFrom('companies').select(['id', 'company_no']).execute();
  northwind = companies.find((c) => c.company_no === 'NW001')?.id ?? 0;
  harbor = companies.find((c) => c.company_no === 'HL001')?.id ?? 0;
});
afterAll(() => t.close());

const list = async (token: string, query: { companyId?: number } = {}) => {
  const res = await t.send(LevelLabelEndpoints.listLevelLabel, { query }, token);
  return { res, data: envelopeOf<LevelLabel[]>(res).data };
};
const save = (token: string, body: object) =>
  t.send(LevelLabelEndpoints.addOrUpdateLevelLabel, { body }, token);
const remove = (token: string, id = 0) =>
  t.send(LevelLabelEndpoints.deleteLevelLabel, { params: { id } }, token);

describe('level labels', () => {
  it("lists the caller's labels by level, and a named company's for platform users", async () => {
    const { data } = await list(admin);
    expect(data.map((l) => [l.level, l.label])).toEqual([
      [1, '大区'],
      [2, '省份'],
      [3, '城市'],
    ]);
    expect(data.every((l) => l.companyId === northwind)).toBe(true);
    expect((await list(platform, { companyId: harbor })).data.map((l) => l.label)).toEqual(HARBOR.labels);
    expect((await list(admin, { companyId: harbor })).res.statusCode).toBe(404);
    expect((await list(operator)).data).toHaveLength(3);
  });

  it('renames a label, requires the label text and refuses a second label for a level', async () => {
    const [region] = (await list(admin)).data;
    const renamed = await save(admin, {
      id: region?.id,
      label: '战区',
      companyId: harbor,
    });
    expect(envelopeOf<LevelLabel>(renamed).data).toMatchObject({
      id: region?.id,
      label: '战区',
      level: 1,
      companyId: northwind,
    });
    const missing = await save(admin, { id: region?.id });
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).message).toContain('label');
    const twin = await save(admin, { label: '另一个', level: 1 });
    expect(twin.statusCode).toBe(409);
    const noLevel = await save(admin, { label: '无层级' });
    expect(noLevel.statusCode).toBe(400);
    expect(envelopeOf(noLevel).message).toContain('level');
    expect((await save(admin, { label: 'x', level: 4 })).statusCode).toBe(400);
  });

  it('deletes a label and adds it back', async () => {
    const city = (await list(admin)).data.find((l) => l.level === 3);
    expect((await remove(admin, city?.id)).statusCode).toBe(200);
    expect((await list(admin)).data.map((l) => l.level)).toEqual([1, 2]);
    const added = await save(admin, { label: '城市', level: 3 });
    expect(envelopeOf<LevelLabel>(added).data).toMatchObject({ label: '城市', level: 3 });
  });

  it("answers 404 for another company's label and changes nothing", async () => {
    const harborLabels = (await list(platform, { companyId: harbor })).data;
    const target = harborLabels[0];
    expect((await save(admin, { id: target?.id, label: 'hijack' })).statusCode).toBe(404);
    expect((await remove(admin, target?.id)).statusCode).toBe(404);
    expect((await list(platform, { companyId: harbor })).data).toEqual(harborLabels);
  });

  it('refuses callers without the label edit code', async () => {
    expect((await save(operator, { label: 'x', level: 1 })).statusCode).toBe(403);
    expect((await remove(platform, 1)).statusCode).toBe(403);
  });
});
