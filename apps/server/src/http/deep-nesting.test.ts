// Deeply nested JSON is a client's mistake (400 in the envelope), never a stack overflow (500): the
// limit sits in the body parser, so it holds for every route with a JSON body.
import { fillPath } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerProbeRoutes } from '../testing/probe-routes';
import { bearer, createTestApp, envelopeOf, TEST_LANGUAGE, type TestApp } from '../testing/test-app';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './parsing';

let t: TestApp;
let platform: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: [registerProbeRoutes] });
  platform = await t.signIn('platform');
  admin = await t.signIn('admin');
}, 60_000);
afterAll(() => t.close());

/** `levels` arrays inside each other around `inner`. */
const nested = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

const DEPTH_MESSAGE = `body: JSON must nest at most ${MAX_JSON_DEPTH} levels deep`;

describe('deeply nested JSON', () => {
  it('answers 400 naming the limit for 400,000 levels in a validated array field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', ...TEST_LANGUAGE },
      payload: `{"ids":${nested(400_000)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', message: DEPTH_MESSAGE });
  });

  it('reads a body nested exactly to the limit and refuses one level more', async () => {
    // The object itself is level 1; `ids` holds the rest.
    const atLimit = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', ...TEST_LANGUAGE },
      payload: `{"ids":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    // Through the parser: whatever zod makes of it (it coerces [[…[1]…]] to 1), not the depth refusal.
    expect(atLimit.statusCode).toBeLessThan(500);
    expect(envelopeOf(atLimit).message).not.toBe(DEPTH_MESSAGE);
    const flat = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', ...TEST_LANGUAGE },
      payload: { pageNum: 1, pageSize: 10, ids: [1, 2] },
    });
    expect(envelopeOf(flat).data).toMatchObject({ ids: [1, 2] });
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', ...TEST_LANGUAGE },
      payload: `{"ids":${nested(MAX_JSON_DEPTH)}}`,
    });
    expect(over.statusCode).toBe(400);
    expect(envelopeOf(over).message).toBe(DEPTH_MESSAGE);
  });

  it('counts brackets inside strings as text, not as nesting', async () => {
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 2)).toBe(false);
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', ...TEST_LANGUAGE },
      payload: { pageNum: 1, pageSize: 10, filter: { name: '[[[[[' } },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400, never 500, on every route with a JSON body', async () => {
    const routes = t.app.apiRoutes.filter((route) => route.body && route.bodyEncoding !== 'multipart');
    expect(routes.length).toBeGreaterThan(20);
    const statuses: string[] = [];
    for (const route of routes) {
      const params = Object.fromEntries((route.path.match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), 1]));
      // A user the route refuses is turned away (403) before the body is read; one of the two may call it.
      const replies = [];
      for (const token of [platform, admin]) {
        replies.push(
          await t.app.inject({
            method: route.method,
            url: fillPath(route.path, params),
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload: `{"shopIdStr":${nested(100_000)},"ids":${nested(100_000)}}`,
          }),
        );
      }
      if (!replies.some((res) => res.statusCode === 400 && envelopeOf(res).message === DEPTH_MESSAGE))
        statuses.push(`${route.method} ${route.path}: ${replies.map((res) => res.statusCode).join(', ')}`);
      expect(replies.every((res) => res.statusCode === 400 || res.statusCode === 403)).toBe(true);
    }
    expect(statuses).toEqual([]);
  }, 120_000);
});
