/**
 * An asset's photo, as an operator adds it (issue 12 "images", spec §5 "please wait uploading"): the
 * edit dialog uploads a real PNG; pressing save while the upload is still running (the test holds the
 * upload's request until it has seen the message) says "please wait, uploading" and sends nothing;
 * once the upload is done, save stores the record and its view shows the image.
 */
import { fillPath, InventoryEndpoints, type InventoryRecord, type PagedResult } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { pngImage } from '../apps/server/src/testing/test-images';
import zhInventory from '../apps/web/src/locales/zh-CN/inventory';
import { useConsole } from './harness';

const WAIT = { timeout: 30_000 };

const app = useConsole();

describe('inventory images', () => {
  it('waits for a running upload on save, then saves and shows the image', { timeout: 180_000 }, async () => {
    const { context, page } = await app.openPage();
    const token = await app.signIn(page, 'admin');
    const list = await app.call<PagedResult<InventoryRecord>>(InventoryEndpoints.listInventoryDevices, {
      token,
      body: { pageNum: 1, pageSize: 50 },
    });
    const record = list.list.find((r) => r.images.length === 0);
    if (!record) throw new Error('the demo has no inventory record without images');

    // The upload's request is held until the test lets it go.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let uploads = 0;
    let saves = 0;
    await page.route(`**${InventoryEndpoints.uploadImage.path}`, async (route) => {
      uploads++;
      await held;
      await route.continue();
    });
    page.on('request', (request) => {
      if (request.url().endsWith(InventoryEndpoints.update.path)) saves++;
    });

    await page.goto(`${app.url}/device/inventory.html?assetNo=${encodeURIComponent(record.assetNo)}`);
    await page.getByTestId(`inventory-edit-${record.id}`).click(WAIT);
    await page.getByTestId('inventory-edit-form').waitFor(WAIT);
    await page
      .getByTestId('inventory-edit-form')
      .locator('input[type=file]')
      .setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: pngImage(64, 48, [200, 40, 40]) });
    await expect.poll(() => uploads, WAIT).toBe(1);

    // Save while the upload runs: the message, and no save request.
    await page.getByTestId('inventory-edit-save').click();
    await page
      .locator('.ant-message')
      .getByText(zhInventory['inventory.edit.pleaseWaitUploading'])
      .waitFor(WAIT);
    expect(saves).toBe(0);

    // The upload finishes; save now stores the record with its image.
    release();
    await page.locator('.ant-upload-list-item-done').first().waitFor(WAIT);
    await page.getByTestId('inventory-edit-save').click();
    await page.getByTestId('inventory-edit-form').waitFor({ state: 'hidden', ...WAIT });
    expect(saves).toBe(1);
    const res = await fetch(`${app.url}${fillPath(InventoryEndpoints.get.path, { id: record.id })}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const saved = ((await res.json()) as { data: InventoryRecord }).data;
    expect(saved.images).toHaveLength(1);

    // The record's view shows the image, fetched with the session.
    await page.getByTestId(`inventory-view-${record.id}`).click(WAIT);
    const image = page.getByTestId('inventory-record-images').locator('img');
    await image.waitFor(WAIT);
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), WAIT).toBe(64);
    await context.close();
  });
});
