// Editing an inventory record (issue 12): the editable fields with their checks, and images through a
// real upload (type sniffed from content), served back to the company only.
import {
  InventoryEndpoints as E,
  fillPath,
  type InventoryImageUploadResult,
  type InventoryRecord,
} from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { bearer } from '../../testing/test-app';
import { pngImage } from '../../testing/test-images';
import {
  admin,
  call,
  eastStores,
  harborRecord,
  newRecord,
  ok,
  operator,
  record,
  refused,
  t,
  useInventoryApp,
} from './inventory-test-support';

useInventoryApp();

describe('editing and images', () => {
  const upload = (bytes: Buffer, token = admin) => {
    const boundary = 'storefleet-inventory-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.txt"\r\n`),
      Buffer.from('Content-Type: text/plain\r\n\r\n'),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: E.uploadImage.path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
      payload,
    });
  };
  const update = (body: Record<string, unknown>, token = admin) => call('POST', E.update.path, token, body);
  const editable = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    deviceName: 'Front desk scale',
    status: 3,
    custodian: 'Li Lei',
    macAddress: 'AABB.CCDD.EE01',
    deviceCategory: 'network',
    deviceClass: 'switch',
    propertyType: 'leased',
    obtainTime: '2024-03-01',
    images: [],
    ...extra,
  });

  it('uploads a real image, keeps its name on the record and serves it back', async () => {
    const png = pngImage(40, 30);
    const uploaded = ok<InventoryImageUploadResult>(await upload(png));
    expect(uploaded).toMatchObject({ contentType: 'image/png', width: 40, height: 30, size: png.length });
    const id = await newRecord(eastStores[0] ?? 0, 'EDIT-1');
    const changed = ok<InventoryRecord>(await update(editable(id, { images: [uploaded.name] })));
    expect(changed).toMatchObject({
      deviceName: 'Front desk scale',
      status: 3,
      statusName: 'Faulty',
      custodian: 'Li Lei',
      macAddress: 'AABB.CCDD.EE01',
      propertyTypeName: 'Leased',
      className: 'Switch',
      images: [uploaded.name],
      assetNo: 'EDIT-1',
      updateBy: 'admin',
    });
    const file = await call('GET', fillPath(E.image.path, { name: uploaded.name }));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    // The operator of the same company reads it; a name never issued is 404.
    expect((await call('GET', fillPath(E.image.path, { name: uploaded.name }), operator)).statusCode).toBe(
      200,
    );
    refused(await call('GET', fillPath(E.image.path, { name: `${'0'.repeat(64)}.png` })), 404);
    refused(await call('GET', fillPath(E.image.path, { name: '../../etc/passwd' })), 404);
  });

  it('refuses what is not an image, an image never uploaded and an upload still running', async () => {
    expect(refused(await upload(Buffer.from('<script>alert(1)</script>')), 400)).toContain(
      'PNG, JPEG or WebP',
    );
    const id = await newRecord(eastStores[0] ?? 0, 'EDIT-2');
    const never = `${'a'.repeat(64)}.png`;
    expect(refused(await update(editable(id, { images: [never] })), 400)).toContain('images.0');
    expect(refused(await update(editable(id, { images: [''] })), 400)).toContain('Please wait uploading');
    expect(refused(await update(editable(id, { macAddress: 'zz:zz' })), 400)).toContain(
      'Invalid MAC address',
    );
    expect(refused(await update(editable(id, { deviceClass: 'pos' })), 400)).toContain('deviceClass');
    expect(refused(await update(editable(id, { status: 9 })), 400)).toContain('status');
    expect((await record(id)).deviceName).toBe('Test asset EDIT-2');
  });

  it("refuses another record's MAC in the same store (409 naming it), and another company's record (404)", async () => {
    const shop = eastStores[1] ?? 0;
    const a = await newRecord(shop, 'EDIT-MAC-A', {
      mac_address: '00:11:22:33:44:55',
      mac_key: '001122334455',
    });
    const b = await newRecord(shop, 'EDIT-MAC-B');
    expect(refused(await update(editable(b, { macAddress: '00-11-22-33-44-55' })), 409)).toContain(
      'EDIT-MAC-A',
    );
    expect((await record(a)).macAddress).toBe('00:11:22:33:44:55');
    refused(await update(editable(harborRecord)), 404);
  });
});
