/**
 * The asset inventory as a new user tries it (issue 12 "Done when"), in the Chinese console on the demo:
 * download the template, fill 30 rows for a store with four wrong ones, import: exactly the wrong rows
 * are reported (by row number) and nothing is written; download the report; fix the rows and import
 * again: the added count is shown and the rows are listed; bind one record to a device by MAC in the
 * bind dialog, then unbind it (the confirmation says monitoring stops; the device is then unmonitored);
 * mark one non-network and find it on non-network.html; export the list and open the file.
 */
import { readFileSync } from 'node:fs';

import {
  type Device,
  DeviceEndpoints,
  fillPath,
  InventoryEndpoints,
  type InventoryRecord,
  macKey,
  type PagedResult,
} from '@storefleet/contracts';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { columnHeader, IMPORT_COLUMNS } from '../apps/server/src/modules/inventory/inventory-columns';
import zhInventory from '../apps/web/src/locales/zh-CN/inventory';
import { useConsole } from './harness';

const WAIT = { timeout: 30_000 };
const PREFIX = 'E2E-INV-';
const ROWS = 30;

const app = useConsole();

type Cells = Partial<Record<(typeof IMPORT_COLUMNS)[number]['key'], string | number>>;

/** Row `i` (0-based) of the sheet: a good asset of the store. */
function goodRow(i: number): Cells {
  const n = String(i + 1).padStart(3, '0');
  return {
    assetNo: `${PREFIX}${n}`,
    deviceName: `盘点打印机${n}`,
    deviceCategory: 'print',
    deviceClass: 'receipt-printer',
    deviceBrand: 'EPSON',
    model: 'TM-T88VI',
    deviceSn: `E2E-SN-${n}`,
    // Locally administered MACs nobody else uses (02:…), one per asset.
    macAddress: `02:e2:e0:00:00:${(i + 16).toString(16).padStart(2, '0')}`,
    obtainTime: '2025-06-01',
    serviceLife: 5,
  };
}

/** Reads a downloaded .xlsx. */
async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  return workbook;
}

/** The template with its example row replaced by `rows`, each cell under its header's column. */
async function sheetFrom(template: ExcelJS.Workbook, rows: readonly Cells[]): Promise<Buffer> {
  const sheet = template.worksheets[0] as ExcelJS.Worksheet;
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const columnOf = new Map(IMPORT_COLUMNS.map((c) => [c.key, header.indexOf(columnHeader(c, 'zh'))]));
  for (let r = 0; r < Math.max(rows.length, 1); r++) {
    const row = sheet.getRow(r + 2);
    for (const column of IMPORT_COLUMNS) {
      const index = columnOf.get(column.key) ?? -1;
      if (index > 0) row.getCell(index).value = rows[r]?.[column.key] ?? null;
    }
    row.commit();
  }
  return Buffer.from(await template.xlsx.writeBuffer());
}

async function downloading(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', WAIT), click()]);
  return download;
}

/** Picks `shopName` in the import dialog's store select (typed, then its option clicked). */
async function pickImportStore(page: Page, shopName: string, timeout = WAIT.timeout): Promise<void> {
  await page.getByTestId('inventory-import-store').click({ timeout });
  await page.keyboard.type(shopName);
  await page.locator('.ant-select-item-option').filter({ hasText: shopName }).first().click({ timeout });
}

/**
 * Imports `file` into `shopName` from the open import dialog and waits for its outcome. The submit
 * button is enabled once a store and a file are chosen; on a loaded machine the store's option can be
 * clicked while the list is still re-rendering, so the store is picked again until the button is enabled.
 */
async function importFile(page: Page, buffer: Buffer, shopName: string): Promise<string> {
  await page.locator('.ant-modal input[type=file]').setInputFiles({
    name: 'inventory.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  const submit = page.getByTestId('inventory-import-submit');
  await expect
    .poll(async () => {
      if (await submit.isEnabled()) return true;
      await pickImportStore(page, shopName, 5_000).catch(() => {});
      return submit.isEnabled();
    }, WAIT)
    .toBe(true);
  await submit.click();
  const result = page.getByTestId('inventory-import-result');
  await result.waitFor(WAIT);
  return (await result.getAttribute('data-kind')) ?? '';
}

async function records(token: string, body: Record<string, unknown>): Promise<PagedResult<InventoryRecord>> {
  return app.call<PagedResult<InventoryRecord>>(InventoryEndpoints.listInventoryDevices, {
    token,
    body: { pageNum: 1, pageSize: 100, ...body },
  });
}

/** Deletes a record as an API client would. */
async function removeRecord(token: string, id: number): Promise<void> {
  const res = await fetch(`${app.url}${fillPath(InventoryEndpoints.remove.path, { id })}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { ok: boolean; message: string };
  if (!body.ok) throw new Error(`deleting inventory record ${id}: ${body.message}`);
}

/** Confirms the open pop-confirm. */
async function confirm(page: Page): Promise<void> {
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
}

describe('the asset inventory', () => {
  it('imports a sheet all or nothing, binds by MAC, marks non-network and exports', {
    timeout: 240_000,
  }, async () => {
    const { context, page } = await app.openPage();
    const token = await app.signIn(page, 'admin');

    // A device of a demo store and the demo's unbound record holding its MAC: that record is deleted
    // (through the API), so the MAC is free for a record of the sheet, which is then bound to the device.
    const devices = await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
      token,
      query: { pageNum: 1, pageSize: 200 },
    });
    const demoRecords = (await records(token, { pageSize: 1000 })).list;
    const boundDevices = new Set(demoRecords.map((r) => r.boundDeviceId));
    const holderOf = (d: Device) =>
      demoRecords.filter((r) => r.shopId === d.shopId && macKey(r.macAddress) === macKey(d.macAddress));
    const device = devices.list.find(
      (d) =>
        macKey(d.macAddress) !== null &&
        !boundDevices.has(d.deviceId) &&
        holderOf(d).every((r) => r.boundDeviceId === null),
    );
    if (!device) throw new Error('the demo has no unbound device with a MAC address');
    for (const holder of holderOf(device)) await removeRecord(token, holder.id);
    const deviceKey = macKey(device.macAddress) as string;
    // Written in another notation than the device's: matched by its 12 hex digits.
    const dashed = (deviceKey.toUpperCase().match(/.{2}/g) ?? []).join('-');

    await page.goto(`${app.url}/device/inventory.html`);
    await page.getByTestId('inventory-page').waitFor(WAIT);

    // The template: the import's columns, titled in Chinese.
    const template = await workbookOf(
      await downloading(page, () => page.getByTestId('inventory-template').click()),
    );
    const header = ((template.worksheets[0] as ExcelJS.Worksheet).getRow(1).values as unknown[])
      .slice(1)
      .map(String);
    expect(header).toEqual(IMPORT_COLUMNS.map((c) => columnHeader(c, 'zh')));

    // 30 rows, four wrong: a bad MAC, no asset number, an unknown category, an asset number used twice.
    const good = Array.from({ length: ROWS }, (_, i) => goodRow(i));
    good[0] = { ...good[0], macAddress: dashed };
    const wrong = good.map((row) => ({ ...row }));
    wrong[4] = { ...wrong[4], macAddress: 'zz:zz:zz' };
    wrong[9] = { ...wrong[9], assetNo: '' };
    wrong[14] = { ...wrong[14], deviceCategory: '不存在的大类' };
    wrong[19] = { ...wrong[19], assetNo: good[2]?.assetNo as string };
    const wrongRows = [4, 9, 14, 19].map((i) => i + 2); // sheet rows: the header is row 1

    await page.getByTestId('inventory-import').click();
    await page.getByTestId('inventory-import-form').waitFor(WAIT);
    await pickImportStore(page, device.shopName);

    expect(await importFile(page, await sheetFrom(template, wrong), device.shopName)).toBe('rejected');
    const reported = await page
      .getByTestId('inventory-import-problems')
      .locator('tr[data-row]')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row'))));
    expect([...new Set(reported)].sort((a, b) => a - b)).toEqual(wrongRows);
    expect(await page.getByTestId('inventory-import-summary').textContent()).toBe(
      zhInventory['inventory.import.rejected'].replace('{{count}}', '4'),
    );
    // All or nothing: not one row was written.
    expect((await records(token, { assetNo: PREFIX })).total).toBe(0);

    // The report: the wrong rows as sent, with an error column naming each problem.
    const report = await workbookOf(
      await downloading(page, () => page.getByTestId('inventory-import-report-download').click()),
    );
    const reportSheet = report.worksheets[0] as ExcelJS.Worksheet;
    expect(reportSheet.actualRowCount).toBe(1 + wrongRows.length);
    const errorColumn = reportSheet.getRow(1).cellCount;
    for (let r = 2; r <= reportSheet.actualRowCount; r++)
      expect(String(reportSheet.getCell(r, errorColumn).value ?? '')).toMatch(/\S/);

    // Fixed, imported again in the same dialog: 30 added, listed.
    const fixed = await workbookOf(
      await downloading(page, () => page.getByTestId('inventory-import-template').click()),
    );
    expect(await importFile(page, await sheetFrom(fixed, good), device.shopName)).toBe('written');
    expect(await page.getByTestId('inventory-import-summary').textContent()).toBe(
      zhInventory['inventory.import.written'].replace('{{added}}', String(ROWS)).replace('{{updated}}', '0'),
    );
    await page.getByRole('button', { name: zhInventory['inventory.import.close'] }).click();
    await page.getByTestId('inventory-filter-asset-no').fill(PREFIX);
    await page.getByTestId('list-search').click();
    await expect
      .poll(() => page.getByTestId('inventory-summary-total').getAttribute('data-value'), WAIT)
      .toBe(String(ROWS));
    const created = await records(token, { assetNo: PREFIX });
    expect(created.total).toBe(ROWS);
    const toBind = created.list.find((r) => r.assetNo === good[0]?.assetNo) as InventoryRecord;
    const toMark = created.list.find((r) => r.assetNo === good[1]?.assetNo) as InventoryRecord;

    // Bind by MAC: the store's device with the same MAC (in another notation) is proposed.
    await page.getByTestId('inventory-filter-asset-no').fill(toBind.assetNo);
    await page.getByTestId('list-search').click();
    await page.getByTestId(`inventory-bind-${toBind.id}`).click();
    await page.getByTestId('inventory-bind-dialog').waitFor(WAIT);
    await page.getByTestId(`inventory-match-${device.deviceId}`).waitFor(WAIT);
    await page.getByTestId(`inventory-bind-to-${device.deviceId}`).click();
    await expect
      .poll(() => page.getByTestId(`inventory-bound-${toBind.id}`).getAttribute('data-device-id'), WAIT)
      .toBe(String(device.deviceId));
    const [bound] = (await records(token, { assetNo: toBind.assetNo })).list;
    expect(bound?.boundDeviceId).toBe(device.deviceId);

    // Unbind asks first, saying the device's monitoring stops; then the record is free and the device
    // no longer monitored.
    await page.getByTestId(`inventory-unbind-${toBind.id}`).click();
    const question = page.locator('.ant-popover:visible .ant-popconfirm-title');
    await question.waitFor(WAIT);
    expect(await question.textContent()).toContain('监控也将同时停止');
    await confirm(page);
    await expect.poll(() => page.getByTestId(`inventory-bind-${toBind.id}`).count(), WAIT).toBe(1);
    const unmonitored = await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
      token,
      query: { pageNum: 1, pageSize: 1000, monitored: 0 },
    });
    expect(unmonitored.list.some((d) => d.deviceId === device.deviceId)).toBe(true);

    // Mark another non-network: it leaves the bindable side and is listed on non-network.html.
    await page.getByTestId('inventory-filter-asset-no').fill(toMark.assetNo);
    await page.getByTestId('list-search').click();
    await page.getByTestId(`inventory-non-network-${toMark.id}`).click();
    await confirm(page);
    await expect.poll(() => page.getByTestId(`inventory-network-${toMark.id}`).count(), WAIT).toBe(1);
    await page.goto(`${app.url}/device/non-network.html?assetNo=${encodeURIComponent(PREFIX)}`);
    await page.getByTestId('device-non-network').waitFor(WAIT);
    await page.getByTestId(`inventory-asset-${toMark.id}`).waitFor(WAIT);
    expect(await page.locator('.ant-table-row[data-row-key]').count()).toBe(1);

    // Export the filtered list and open the file: the 30 assets, one row each.
    await page.goto(`${app.url}/device/inventory.html?assetNo=${encodeURIComponent(PREFIX)}`);
    await page.getByTestId('inventory-page').waitFor(WAIT);
    const exported = await workbookOf(
      await downloading(page, () => page.getByTestId('inventory-export').click()),
    );
    const exportSheet = exported.worksheets[0] as ExcelJS.Worksheet;
    const texts: string[] = [];
    exportSheet.eachRow((row) => texts.push((row.values as unknown[]).map((v) => String(v ?? '')).join('|')));
    expect(texts.length).toBe(1 + ROWS);
    for (const row of good) expect(texts.some((line) => line.includes(row.assetNo as string))).toBe(true);
    await context.close();
  });
});
