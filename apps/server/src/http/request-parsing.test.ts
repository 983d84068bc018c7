import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerProbeRoutes } from '../testing/probe-routes';
import { createTestApp, envelopeOf, TEST_LANGUAGE, type TestApp } from '../testing/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ demo: false, extraRoutes: [registerProbeRoutes] });
});
afterAll(() => t.close());

describe('sorting, downloads and uploads', () => {
  it('accepts asc/desc on whitelisted fields and names the allowed ones otherwise', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/test/sorted?sortBy=storeNo&sortDirection=desc',
    });
    expect(envelopeOf(ok).data).toEqual({ sortBy: 'storeNo', sortDirection: 'desc' });
    const field = await t.app.inject({
      method: 'GET',
      url: '/api/test/sorted?sortBy=password&sortDirection=asc',
      headers: TEST_LANGUAGE,
    });
    expect(field.statusCode).toBe(400);
    expect(envelopeOf(field).message).toBe('sortBy: must be one of storeName, storeNo');
    const direction = await t.app.inject({
      method: 'GET',
      url: '/api/test/sorted?sortBy=storeNo&sortDirection=up',
      headers: TEST_LANGUAGE,
    });
    expect(envelopeOf(direction).message).toBe('sortDirection: must be asc or desc');
  });

  it('sends binary downloads as they are, outside the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/download' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('a,b\n1,2\n');
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E9%97%A8%E5%BA%97%20list.csv");
  });

  it('reads multipart uploads and refuses files over the limit with 413', async () => {
    const form = (size: number) => {
      const boundary = 'storefleet-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n`),
        Buffer.from('Content-Type: image/png\r\n\r\n'),
        Buffer.alloc(size, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
    };
    const ok = await t.app.inject({ method: 'POST', url: '/api/test/upload', ...form(1000) });
    expect(envelopeOf(ok).data).toEqual({ name: 'logo.png', size: 1000 });
    const big = await t.app.inject({ method: 'POST', url: '/api/test/upload', ...form(2 * 1024 * 1024 + 1) });
    expect(big.statusCode).toBe(413);
    expect(envelopeOf(big)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', ok: false });
  });
});

describe('query strings and form bodies', () => {
  it('reads dotted arrays and nested objects from the query string', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/items/7?tags.0=pos&tags.1=printer&page.pageNum=3&page.pageSize=20',
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).data).toEqual({
      id: 7,
      tags: ['pos', 'printer'],
      page: { pageNum: 3, pageSize: 20 },
    });
  });

  it('accepts 1000 array items and refuses 1001 with 400', async () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => `tags.${i}=t${i}`).join('&');
    const ok = await t.app.inject({ method: 'GET', url: `/api/test/items/1?${items(1000)}` });
    expect(ok.statusCode).toBe(200);
    expect(envelopeOf<{ tags: string[] }>(ok).data.tags).toHaveLength(1000);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: `/api/test/items/1?${items(1001)}`,
      headers: TEST_LANGUAGE,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(envelopeOf(tooMany)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'query: arrays must hold at most 1000 values',
    });
  });

  it('reads form-encoded bodies with the same notation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'pageNum=4&ids.0=11&ids.1=12&filter.name=abc',
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).data).toEqual({
      pageNum: 4,
      pageSize: 10,
      ids: [11, 12],
      filter: { name: 'abc' },
    });
  });

  it('treats an empty JSON body as no body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).data).toEqual({ pageNum: 1, pageSize: 10 });
  });
});
