// Every message the server sends reads in the caller's language: Chinese by default (no
// Accept-Language, or a Chinese one), English for an en-US console. One case per kind of refusal.
import { AuthEndpoints, LevelEndpoints, type Store, StoreEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { NORTHWIND } from '../demo/demo-data';
import { bearer, createTestApp, envelopeOf, type TestApp, withoutLanguage } from '../testing/test-app';

const ZH = 'zh-CN,zh;q=0.9';
const EN = 'en-US,en;q=0.9';
const CJK = /[\u3400-\u9fff]/;

let t: TestApp;
let admin: string;
let eastRegionId: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.signIn('admin');
  const res = await t.app.inject({
    method: 'GET',
    url: LevelEndpoints.listLevelTree.path,
    headers: bearer(admin),
  });
  const east = envelopeOf<{ id: number; name: string }[]>(res).data.find(
    (r) => r.name === NORTHWIND.regions[0]?.zh,
  );
  if (!east) throw new Error('the demo has no east region');
  eastRegionId = east.id;
});
afterAll(() => t.close());

/** The reply envelope of a call as a console in `language` sends it (undefined: no header). */
async function call(
  method: 'GET' | 'POST',
  url: string,
  language: string | undefined,
  payload?: string | object,
  token: string | null = admin,
) {
  const headers: Record<string, string> = token ? withoutLanguage(bearer(token)) : {};
  if (language) headers['accept-language'] = language;
  if (typeof payload === 'string') headers['content-type'] = 'application/json';
  const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return { status: res.statusCode, ...envelopeOf<{ fields?: { field: string; message: string }[] }>(res) };
}

const deleteLevel = (id: number) => LevelEndpoints.deleteLevelConfig.path.replace(':id', String(id));

describe('messages in the caller language', () => {
  it('names a failed field in Chinese by default and in English for en-US', async () => {
    const url = LevelEndpoints.addOrUpdateLevelConfig.path;
    for (const language of [undefined, ZH]) {
      const zh = await call('POST', url, language, { name: '' });
      expect(zh.status).toBe(400);
      expect(zh.message).toBe('name: 必填');
      expect(zh.data.fields).toEqual([{ field: 'name', message: '必填' }]);
    }
    const en = await call('POST', url, EN, { name: '' });
    expect(en.message).toBe('name: is required');
    expect(en.data.fields).toEqual([{ field: 'name', message: 'is required' }]);
    const long = await call('POST', url, ZH, { name: 'x'.repeat(65) });
    expect(long.message).toBe('name: 最多 64 个字符');
  });

  it('explains a conflict in the caller language', async () => {
    const zh = await call('POST', deleteLevel(eastRegionId), undefined);
    expect(zh.status).toBe(409);
    expect(zh.code).toBe('CONFLICT');
    expect(zh.message).toMatch(/^层级“.+”下还有 \d+ 个下级/);
    const en = await call('POST', deleteLevel(eastRegionId), EN);
    expect(en.message).toMatch(/^Level ".+" still has \d+ lower level/);
  });

  it('says what was not found in the caller language', async () => {
    const zh = await call('POST', deleteLevel(999_999), ZH);
    expect(zh.status).toBe(404);
    expect(zh.message).toBe('层级不存在');
    expect((await call('POST', deleteLevel(999_999), EN)).message).toBe('Level not found');
  });

  it('refuses a wrong password in the caller language', async () => {
    const body = { username: 'admin', password: 'not-the-password' };
    const zh = await call('POST', AuthEndpoints.login.path, undefined, body, null);
    expect(zh.status).toBe(401);
    expect(zh.message).toBe('用户名或密码错误');
    const en = await call('POST', AuthEndpoints.login.path, EN, body, null);
    expect(en.message).toBe('Wrong user name or password');
  });

  it("words Fastify's own refusals and missing sessions in the caller language", async () => {
    const url = LevelEndpoints.addOrUpdateLevelConfig.path;
    const zh = await call('POST', url, ZH, '{"name":');
    expect(zh.status).toBe(400);
    expect(zh.message).toMatch(CJK);
    expect((await call('POST', url, EN, '{"name":')).message).not.toMatch(CJK);
    const signedOut = await call('POST', url, undefined, { name: 'x' }, null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.message).toMatch(CJK);
  });
});

describe('region names in the caller language', () => {
  it("names a store's region, province and city in English for en-US where the company gave them", async () => {
    const east = NORTHWIND.regions[0];
    const url = `${StoreEndpoints.list.path}?pageNum=1&pageSize=1&areaLevel=${eastRegionId}`;
    const inLanguage = async (language?: string) => {
      const headers = withoutLanguage(bearer(admin));
      if (language) headers['accept-language'] = language;
      const res = await t.app.inject({ method: 'GET', url, headers });
      return envelopeOf<{ list: Store[] }>(res).data.list[0];
    };
    const zh = await inLanguage();
    const en = await inLanguage(EN);
    expect(zh?.areaName).toBe(east?.zh);
    expect(en?.areaName).toBe(east?.en);
    expect(en?.provinceName).not.toMatch(CJK);
    expect(en?.cityName).not.toMatch(CJK);
    expect(en?.storeName).toBe(zh?.storeName);
  });
});
