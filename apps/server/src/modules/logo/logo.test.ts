import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { CompanyLogo, LogoUploadResult } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoAccount } from '../../demo/demo-data';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { JPEG_2X2, pngImage, pngOfAtLeast, WEBP_2X2 } from '../../testing/test-images';

const BASE = '/api/user-service/log';

let t: TestApp;
let dataDir: string;
let admin: string;
let agent: string;
let operator: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'storefleet-logo-'));
  t = await createTestApp({ config: { dataDir } });
  [admin, agent, operator] = await Promise.all([t.signIn('admin'), t.signIn('agent'), t.signIn('operator')]);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function multipart(bytes: Buffer, fileName: string, declaredType: string) {
  const boundary = 'storefleet-logo-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n`),
    Buffer.from(`Content-Type: ${declaredType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { 'content-type': `multipart/form-data; boundary=${boundary}`, payload };
}

const upload = (
  bytes: Buffer,
  fileName = 'logo.png',
  declaredType = 'image/png',
  token = admin,
  companyId?: number,
) => {
  const { payload, ...headers } = multipart(bytes, fileName, declaredType);
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/upload`,
    headers: { ...headers, ...bearer(token, companyId) },
    payload,
  });
};
const post = (path: string, payload: Record<string, unknown>, token = admin, companyId?: number) =>
  t.app.inject({ method: 'POST', url: `${BASE}${path}`, headers: bearer(token, companyId), payload });
const query = (token: string, companyId?: number, headerCompany?: number) =>
  t.app.inject({
    method: 'GET',
    url: `${BASE}/company/logImg/query${companyId === undefined ? '' : `?companyId=${companyId}`}`,
    headers: bearer(token, headerCompany),
  });

describe('logo upload', () => {
  it.each([
    ['PNG', pngImage(64, 32), 'image/png', 64, 32],
    ['JPEG', JPEG_2X2, 'image/jpeg', 2, 2],
    ['WebP', WEBP_2X2, 'image/webp', 2, 2],
  ])(
    'accepts a real %s and serves it back with its type, nosniff and a CSP',
    async (_, bytes, type, w, h) => {
      const res = await upload(bytes, 'whatever.bin', 'application/octet-stream');
      expect(res.statusCode).toBe(200);
      const result = envelopeOf<LogoUploadResult>(res).data;
      expect(result).toMatchObject({ contentType: type, width: w, height: h, size: bytes.length });
      expect(result.url).toMatch(/^\/api\/user-service\/log\/file\/[0-9a-f]{32}\.(png|jpg|webp)$/);
      const file = await t.app.inject({ method: 'GET', url: result.url, headers: bearer(admin) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toContain("default-src 'none'");
      expect(file.rawPayload.equals(bytes)).toBe(true);
      expect(readdirSync(join(dataDir, 'uploads'))).toContain(result.name);
    },
  );

  it('judges by content: a PNG named .txt passes, text named .png does not', async () => {
    const renamed = await upload(pngImage(8, 8), 'logo.txt', 'text/plain');
    expect(renamed.statusCode).toBe(200);
    expect(envelopeOf<LogoUploadResult>(renamed).data.contentType).toBe('image/png');
    const text = await upload(Buffer.from('hello, I am not an image\n'), 'logo.png', 'image/png');
    expect(text.statusCode).toBe(400);
    expect(envelopeOf(text).message).toBe(
      'file: must be a PNG, JPEG or WebP image (checked by content, not by name)',
    );
  });

  it('refuses SVG and HTML even when they claim to be images', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect((await upload(Buffer.from(svg), 'logo.svg', 'image/svg+xml')).statusCode).toBe(400);
    const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
    expect((await upload(Buffer.from(html), 'logo.png', 'image/png')).statusCode).toBe(400);
  });

  it('refuses a PNG header with a broken body', async () => {
    const broken = pngImage(4, 4).subarray(0, 12);
    const res = await upload(broken);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe('file: is not a readable PNG image');
  });

  it('accepts exactly 2 MiB and refuses one byte more with 413', async () => {
    const limit = 2 * 1024 * 1024;
    const atLimit = pngOfAtLeast(limit);
    expect(atLimit.length).toBe(limit);
    expect((await upload(atLimit)).statusCode).toBe(200);
    const over = await upload(pngOfAtLeast(limit + 1));
    expect(over.statusCode).toBe(413);
    expect(envelopeOf(over)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'file: must be at most 2 MiB (2097152 bytes)',
    });
  });

  it('refuses images wider or taller than 4096 pixels', async () => {
    const wide = await upload(pngImage(5000, 10));
    expect(wide.statusCode).toBe(400);
    expect(envelopeOf(wide).message).toBe('file: must be at most 4096×4096 pixels (this one is 5000×10)');
    expect((await upload(pngImage(10, 4097))).statusCode).toBe(400);
    expect((await upload(pngImage(4096, 1))).statusCode).toBe(200);
  });

  it('refuses uploads from users without the logo button, and without a file', async () => {
    expect((await upload(pngImage(4, 4), 'a.png', 'image/png', operator)).statusCode).toBe(403);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${BASE}/upload`,
      headers: bearer(admin),
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(envelopeOf(noFile).message).toContain('file: is required');
  });
});

describe('company logo', () => {
  let ownUrl: string;
  let logo: CompanyLogo;

  it('starts without a logo, then sets one from an issued URL', async () => {
    expect(envelopeOf(await query(admin)).data).toBeNull();
    ownUrl = envelopeOf<LogoUploadResult>(await upload(pngImage(120, 40))).data.url;
    const res = await post('/company/logImg/insert', { id: 1, imgUrl: ownUrl });
    expect(res.statusCode).toBe(200);
    logo = envelopeOf<CompanyLogo>(res).data;
    expect(logo).toMatchObject({
      companyId: 1,
      imgUrl: ownUrl,
      status: 1,
      createName: demoAccount('admin').name,
    });
    expect(envelopeOf<CompanyLogo>(await query(admin)).data).toMatchObject({ id: logo.id, imgUrl: ownUrl });
    const again = await post('/company/logImg/insert', { id: 1, imgUrl: ownUrl });
    expect(again.statusCode).toBe(409);
  });

  it('is shown to every signed-in user of the company, and the file only to them', async () => {
    expect(envelopeOf<CompanyLogo>(await query(operator)).data.imgUrl).toBe(ownUrl);
    const asOperator = await t.app.inject({ method: 'GET', url: ownUrl, headers: bearer(operator) });
    expect(asOperator.statusCode).toBe(200);
    const otherCompany = await t.app.inject({ method: 'GET', url: ownUrl, headers: bearer(agent, 2) });
    expect(otherCompany.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: ownUrl })).statusCode).toBe(401);
  });

  it('accepts only URLs the server issued to this company', async () => {
    for (const imgUrl of [
      'https://example.com/logo.png',
      '/api/user-service/log/file/../../etc/passwd',
      '/api/user-service/log/file/00000000000000000000000000000000.png',
      'javascript:alert(1)',
    ]) {
      const res = await post('/company/logImg/update', { id: logo.id, companyId: 1, imgUrl });
      expect(res.statusCode, imgUrl).toBe(400);
      expect(envelopeOf(res).message).toBe('imgUrl: must be a URL returned by log/upload for this company');
    }
    const foreignUpload = envelopeOf<LogoUploadResult>(
      await upload(pngImage(10, 10), 'b.png', 'image/png', agent, 2),
    ).data.url;
    const res = await post('/company/logImg/update', { id: logo.id, companyId: 1, imgUrl: foreignUpload });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf<CompanyLogo>(await query(admin)).data.imgUrl).toBe(ownUrl);
  });

  it('changes the logo with update, which needs companyId', async () => {
    const next = envelopeOf<LogoUploadResult>(await upload(WEBP_2X2, 'next.webp', 'image/webp')).data.url;
    const missing = await post('/company/logImg/update', { id: logo.id, imgUrl: next });
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).message).toContain('companyId');
    const res = await post('/company/logImg/update', { id: logo.id, companyId: 1, imgUrl: next });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf<CompanyLogo>(await query(admin)).data).toMatchObject({
      imgUrl: next,
      lastUpdateName: demoAccount('admin').name,
    });
    ownUrl = next;
  });

  it("keeps another company's logo unreadable and unchangeable", async () => {
    const foreignUrl = envelopeOf<LogoUploadResult>(
      await upload(pngImage(10, 10), 'c.png', 'image/png', agent, 2),
    ).data.url;
    const inserted = await post('/company/logImg/insert', { id: 2, imgUrl: foreignUrl }, agent, 2);
    expect(inserted.statusCode).toBe(200);
    const foreign = envelopeOf<CompanyLogo>(inserted).data;

    expect((await query(admin, 2)).statusCode).toBe(404);
    expect((await post('/company/logImg/insert', { id: 2, imgUrl: ownUrl })).statusCode).toBe(404);
    const byCompany = await post('/company/logImg/update', { id: foreign.id, companyId: 2, imgUrl: ownUrl });
    expect(byCompany.statusCode).toBe(404);
    const byId = await post('/company/logImg/update', { id: foreign.id, companyId: 1, imgUrl: ownUrl });
    expect(byId.statusCode).toBe(404);
    expect(envelopeOf<CompanyLogo>(await query(agent, 2, 2)).data.imgUrl).toBe(foreignUrl);
    expect(envelopeOf<CompanyLogo>(await query(admin)).data.imgUrl).toBe(ownUrl);
  });

  it('refuses logo changes by users without the logo button', async () => {
    const res = await post('/company/logImg/update', { id: logo.id, companyId: 1, imgUrl: ownUrl }, operator);
    expect(res.statusCode).toBe(403);
  });
});
