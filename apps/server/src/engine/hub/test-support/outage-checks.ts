/**
 * Test support for database-outage.test.ts: what a user and an operator see of a server whose
 * database is away, asked over HTTP like a balancer and a console would.
 */
import { AuthEndpoints } from '@storefleet/contracts';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';

import type { DB } from '../../../db/database';

/** `/ready`'s status and problems. */
export async function readiness(baseUrl: string): Promise<{ status: number; problems: string[] }> {
  const res = await fetch(`${baseUrl}/ready`);
  const body = (await res.json()) as { problems?: string[] };
  return { status: res.status, problems: body.problems ?? [] };
}

/**
 * Checks the server's answers while the database is away: `/health` 200, `/ready` 503 naming the
 * database, and a console call (a sign-in, which reads and writes) refused with 503
 * DATABASE_UNAVAILABLE in the envelope, in English and Chinese, well before any client gives up.
 */
export async function expectOutageAnswers(baseUrl: string): Promise<void> {
  const health = await fetch(`${baseUrl}/health`);
  expect(health.status).toBe(200);
  const ready = await readiness(baseUrl);
  expect(ready.status).toBe(503);
  expect(ready.problems.join(' ')).toMatch(/database/i);
  for (const [lang, words] of [
    ['en', /database is not answering.*retries by itself/],
    ['zh-CN', /数据库.*自动重试/],
  ] as const) {
    const started = Date.now();
    const res = await fetch(`${baseUrl}${AuthEndpoints.login.path}`, {
      method: AuthEndpoints.login.method,
      headers: { 'content-type': 'application/json', 'accept-language': lang },
      body: JSON.stringify({ username: 'admin', password: 'not-the-password-1A!' }),
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const body = (await res.json()) as { ok: boolean; code: string; message: string };
    expect(body).toMatchObject({ ok: false, code: 'DATABASE_UNAVAILABLE' });
    expect(body.message).toMatch(words);
  }
}

/** No (device, seq, item) stored twice in the history, and no syslog line stored twice. */
export async function expectNothingTwice(db: Kysely<DB>, deviceId: number): Promise<void> {
  const twice = await db
    .selectFrom('device_metrics')
    .select(['device_id', 'seq', 'item'])
    .groupBy(['device_id', 'seq', 'item'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(twice).toEqual([]);
  const lines = await db
    .selectFrom('device_syslogs')
    .select(['seq', 'log_message'])
    .where('device_id', '=', deviceId)
    .execute();
  expect(new Set(lines.map((l) => l.seq)).size).toBe(lines.length);
  expect(new Set(lines.map((l) => l.log_message)).size).toBe(lines.length);
}
