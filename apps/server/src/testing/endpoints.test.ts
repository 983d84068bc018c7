/**
 * One definition per call: every endpoint of the contracts' catalogue is registered exactly once, and
 * every route the server answers under /api is one of those endpoints (nothing registered by hand).
 */
import { type AnyEndpoint, ENDPOINTS } from '@storefleet/contracts';
import { afterAll, describe, expect, it } from 'vitest';

import { createTestApp } from './test-app';

const t = await createTestApp({ demo: false });
afterAll(() => t.close());

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Every /api route Fastify answers (from its onRoute hook, not from our registry), less the API docs. */
function fastifyApiRoutes(): string[] {
  return t.app.routeLog
    .filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json',
    )
    .filter((r) => r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`);
}

describe('endpoints', () => {
  it('registers every endpoint of the contracts exactly once', () => {
    const registered = t.app.apiRoutes.map(key);
    const missing = ENDPOINTS.map(key).filter((k) => !registered.includes(k));
    const twice = registered.filter((k, i) => registered.indexOf(k) !== i);
    expect(missing).toEqual([]);
    expect(twice).toEqual([]);
  });

  it('answers under /api only the endpoints of the contracts', () => {
    expect(fastifyApiRoutes().sort()).toEqual(ENDPOINTS.map(key).sort());
  });

  it('registers no /api route that is not an endpoint of the contracts', () => {
    const known = new Set(ENDPOINTS);
    const strays = t.app.apiRoutes.filter((r) => !known.has(r)).map(key);
    expect(strays).toEqual([]);
  });

  it('declares every endpoint once in the catalogue, with a unique method and path', () => {
    const keys = ENDPOINTS.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(ENDPOINTS.every((e) => e.path.startsWith('/api/'))).toBe(true);
  });

  it('can tell a stray route from an endpoint (positive control)', async () => {
    const extra = await createTestApp({
      demo: false,
      extraRoutes: [
        (app) => {
          app.apiRoutes.push({ ...(ENDPOINTS[0] as AnyEndpoint), path: '/api/test/stray' });
        },
      ],
    });
    try {
      const known = new Set(ENDPOINTS);
      const strays = extra.app.apiRoutes.filter((r) => !known.has(r)).map(key);
      expect(strays).toEqual([`${ENDPOINTS[0]?.method} /api/test/stray`]);
    } finally {
      await extra.close();
    }
  });
});
