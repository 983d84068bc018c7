import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'storefleet-web-'));
  mkdirSync(join(dist, 'admin'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<html>company app</html>');
  writeFileSync(join(dist, 'admin', 'index.html'), '<html>admin app</html>');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestApp({ demo: false, config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('serving the web console', () => {
  it('serves the company application at / and the admin application at /admin/', async () => {
    expect((await get('/')).body).toBe('<html>company app</html>');
    expect((await get('/admin/')).body).toBe('<html>admin app</html>');
    expect((await get('/admin')).body).toBe('<html>admin app</html>');
  });

  it("answers the spec's page paths with the right application's index.html", async () => {
    const company = await get('/device/index.html?pageNum=2');
    expect(company.statusCode).toBe(200);
    expect(company.body).toBe('<html>company app</html>');
    expect((await get('/stores/store/12.html')).body).toBe('<html>company app</html>');
    expect((await get('/admin/user/index.html')).body).toBe('<html>admin app</html>');
    expect((await get('/no/such/page')).body).toBe('<html>company app</html>');
  });

  it('serves hashed assets for a year and 404s missing ones', async () => {
    const asset = await get('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/assets/missing-xyz.js')).statusCode).toBe(404);
  });

  it('keeps /api paths as API not-found replies and marks everything nosniff', async () => {
    const api = await get('/api/some/page.html');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    for (const url of ['/', '/admin/user/index.html', '/assets/main-abc123.js', '/api/x']) {
      expect((await get(url)).headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
