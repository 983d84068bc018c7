import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let platform: string;

beforeAll(async () => {
  t = await createTestApp();
  platform = await t.signIn('platform');
});
afterAll(() => t.close());

/** Values a confused or hostile client might send for one field. */
const junkValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    '99999999999999999999',
    "' or 1=1 --",
    '%',
    '_',
    '\u0000',
    '../../etc',
  ),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

const junkObject = (keys: string[]) =>
  fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string()), junkValue, { maxKeys: 6 });

/** A request body: JSON of junk, raw bytes under a JSON or form content type, or none. */
const junkBody = (keys: string[]) =>
  fc.oneof(
    junkObject(keys).map((value) => ({ type: 'application/json', payload: JSON.stringify(value) })),
    fc.jsonValue().map((value) => ({ type: 'application/json', payload: JSON.stringify(value) ?? '' })),
    fc.string().map((payload) => ({ type: 'application/json', payload })),
    fc.string().map((payload) => ({ type: 'application/x-www-form-urlencoded', payload })),
    junkObject(keys).map((value) => ({
      type: 'application/x-www-form-urlencoded',
      payload: Object.entries(value)
        .map(
          ([k, v]) =>
            `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
        )
        .join('&'),
    })),
    fc.constant({ type: 'application/json', payload: '' }),
  );

describe('junk input', () => {
  it('never makes sign-in answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(junkBody(['username', 'password']), fc.string(), async (body, query) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/user-service/auth/login?${query}`,
          headers: { 'content-type': body.type },
          payload: body.payload,
        });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toHaveProperty('ok');
      }),
      { numRuns: 300 },
    );
  });

  it('never makes the operation log list answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(junkBody(['userName', 'apiName', 'pageNum', 'pageSize']), async (body) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user-service/callLog/queryByPage',
          headers: { ...bearer(platform), 'content-type': body.type },
          payload: body.payload,
        });
        expect(res.statusCode).toBeLessThan(500);
        const envelope = res.json() as { ok: boolean; data: { list?: unknown[] } | null };
        if (res.statusCode === 200) expect(Array.isArray(envelope.data?.list)).toBe(true);
        else expect(envelope.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
