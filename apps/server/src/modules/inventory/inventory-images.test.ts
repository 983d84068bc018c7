// Image files of inventory records (issue 12): a file goes when no record of its company names it
// any more — after an edit drops it, a record is deleted, or a batch is deleted — and stays while any
// other record still shows it (files are content-addressed, so two records share one photo). An upload
// never saved on a record is swept once its grace period (a day) has passed.
import { existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  InventoryEndpoints as E,
  fillPath,
  type InventoryImageUploadResult,
  type InventoryRecord,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { pngImage } from '../../testing/test-images';
import { sweepOrphanImages } from './inventory-image-cleanup';

let t: TestApp;
let dataDir: string;
let admin: string;
let company = 0;
let shop = 0;

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

function ok<T>(res: Res): T {
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<T>(res).data;
}

async function upload(bytes: Buffer): Promise<string> {
  const boundary = 'storefleet-image-cleanup';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n`),
    Buffer.from('Content-Type: image/png\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: E.uploadImage.path,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
    payload,
  });
  return ok<InventoryImageUploadResult>(res).name;
}

const edit = (id: number, images: string[]) =>
  t.app.inject({
    method: 'POST',
    url: E.update.path,
    headers: bearer(admin),
    payload: { id, deviceName: `Asset ${id}`, status: 1, images },
  });

const remove = (id: number) =>
  t.app.inject({ method: 'DELETE', url: fillPath(E.remove.path, { id }), headers: bearer(admin) });

const removeBatch = (ids: number[]) =>
  t.app.inject({
    method: 'DELETE',
    url: fillPath(E.removeBatch.path, { ids: ids.join(',') }),
    headers: bearer(admin),
  });

/** Whether the company's image file of that name is on disk. */
const stored = (name: string) => existsSync(join(dataDir, 'inventory-images', String(company), name));

const served = async (name: string) =>
  (await t.app.inject({ method: 'GET', url: fillPath(E.image.path, { name }), headers: bearer(admin) }))
    .statusCode;

let serial = 0;
async function newRecord(images: string[] = []): Promise<number> {
  const now = Date.now();
  const row = await t.ctx.db
    .insertInto('inventory_records')
    .values({
      company_id: company,
      shop_id: shop,
      asset_no: `IMG-${++serial}`,
      device_name: `Image asset ${serial}`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (images.length > 0) ok<InventoryRecord>(await edit(row.id, images));
  return row.id;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'storefleet-inventory-images-'));
  t = await createTestApp({ config: { dataDir } });
  admin = await t.signIn('admin');
  const user = await t.ctx.db
    .selectFrom('users')
    .select('company_id')
    .where('account_name', '=', 'admin')
    .executeTakeFirstOrThrow();
  company = Number(user.company_id);
  const store = await t.ctx.db
    .selectFrom('stores')
    .select('id')
    .where('company_id', '=', company)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  shop = store.id;
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('image files follow the records that show them', () => {
  it('an edit that drops an image removes its file unless another record shows it', async () => {
    const [shared, own] = [await upload(pngImage(41, 30)), await upload(pngImage(42, 30))];
    const first = await newRecord([shared, own]);
    const second = await newRecord([shared]);
    expect([stored(shared), stored(own)]).toEqual([true, true]);

    ok<InventoryRecord>(await edit(first, [shared]));
    expect(stored(own)).toBe(false);
    expect(await served(own)).toBe(404);
    expect(stored(shared)).toBe(true);

    ok<InventoryRecord>(await edit(first, []));
    expect(stored(shared)).toBe(true); // the second record still shows it
    expect(await served(shared)).toBe(200);
    ok<InventoryRecord>(await edit(second, []));
    expect(stored(shared)).toBe(false);

    // Uploaded again, the same photo is back under the same name and can be shown again.
    expect(await upload(pngImage(42, 30))).toBe(own);
    expect(ok<InventoryRecord>(await edit(first, [own])).images).toEqual([own]);
    expect(await served(own)).toBe(200);
  });

  it('deleting a record removes the files only it showed; a batch delete likewise', async () => {
    const [shared, a, b] = [
      await upload(pngImage(43, 30)),
      await upload(pngImage(44, 30)),
      await upload(pngImage(45, 30)),
    ];
    const keeper = await newRecord([shared]);
    const one = await newRecord([shared, a]);
    ok(await remove(one));
    expect([stored(shared), stored(a)]).toEqual([true, false]);

    const two = await newRecord([b]);
    const three = await newRecord([shared, b]);
    ok(await removeBatch([two, three]));
    expect(stored(b)).toBe(false);
    expect(stored(shared)).toBe(true);
    expect(
      ok<InventoryRecord>(
        await t.app.inject({
          method: 'GET',
          url: fillPath(E.get.path, { id: keeper }),
          headers: bearer(admin),
        }),
      ).images,
    ).toEqual([shared]);
    expect(await served(shared)).toBe(200);
  });

  it('leaves alone an upload no record shows yet, and files when the delete is refused', async () => {
    const pending = await upload(pngImage(46, 30));
    const plain = await newRecord();
    ok(await remove(plain));
    expect(stored(pending)).toBe(true); // uploaded for a form not saved yet: not the delete's business

    const held = await upload(pngImage(47, 30));
    const record = await newRecord([held]);
    const missing = 2_000_000_000;
    expect((await removeBatch([record, missing])).statusCode).toBe(404);
    expect(stored(held)).toBe(true);
  });
});

describe('uploads never saved on a record are swept after their grace period', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const file = (name: string) => join(dataDir, 'inventory-images', String(company), name);
  /** The file's upload time set back by `ms` (as if uploaded then). */
  const age = (name: string, ms: number) => {
    const then = new Date(Date.now() - ms);
    utimesSync(file(name), then, then);
  };

  it('removes an old upload no record names; keeps saved images and uploads within the grace period', async () => {
    const [saved, abandoned, recent] = [
      await upload(pngImage(51, 30)),
      await upload(pngImage(52, 30)),
      await upload(pngImage(53, 30)),
    ];
    await newRecord([saved]);
    age(saved, 2 * DAY);
    age(abandoned, 2 * DAY);
    age(recent, DAY / 2);

    const result = await sweepOrphanImages(t.ctx);
    expect(result.removed).toContain(`${company}/${abandoned}`);
    expect(result.removed).not.toContain(`${company}/${saved}`);
    expect([stored(saved), stored(abandoned), stored(recent)]).toEqual([true, false, true]);
    expect(await served(saved)).toBe(200);
    expect(await served(abandoned)).toBe(404);
  });

  it('an old upload sent again starts its grace period anew and can then be saved', async () => {
    const photo = await upload(pngImage(54, 30));
    age(photo, 3 * DAY);
    expect(await upload(pngImage(54, 30))).toBe(photo); // the user picks the same photo again
    await sweepOrphanImages(t.ctx);
    expect(stored(photo)).toBe(true);
    const id = await newRecord([photo]);
    expect(ok<InventoryRecord>(await edit(id, [photo])).images).toEqual([photo]);
  });

  it('runs once at a time: a second sweep started meanwhile gets the running one, each file removed once', async () => {
    const names = [await upload(pngImage(55, 30)), await upload(pngImage(56, 30))];
    for (const name of names) age(name, 2 * DAY);
    const [first, second] = [sweepOrphanImages(t.ctx), sweepOrphanImages(t.ctx)];
    const [a, b] = await Promise.all([first, second]);
    expect(b).toBe(a);
    for (const name of names) {
      expect(a.removed.filter((r) => r === `${company}/${name}`)).toHaveLength(1);
      expect(stored(name)).toBe(false);
    }
    // Once done, the next sweep runs on its own and finds nothing more to remove.
    const later = await sweepOrphanImages(t.ctx);
    expect(later).not.toBe(a);
    expect(later.removed).toEqual([]);
  });
});
