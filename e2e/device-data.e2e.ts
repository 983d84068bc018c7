/**
 * Data that makes sense (issue 10): the device form refuses a hostid another device of the company
 * uses and marks the field; the device import takes an overwritten example row, imports the good
 * rows and keeps a report of the rejected ones (in the console's language) until the dialog is
 * closed, downloadable with an error column.
 */
import { readFileSync } from 'node:fs';

import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { TEMPLATE_COLUMNS } from '../apps/server/src/modules/devices/device-template';
import zhDevice from '../apps/web/src/locales/zh-CN/device';
import { useConsole } from './harness';

const WAIT = { timeout: 30_000 };

const app = useConsole();

/** The ids of the devices on the first page of the device list. */
async function listedDevices(page: Page): Promise<number[]> {
  await page.goto(`${app.url}/device/index.html`);
  const badges = page.locator('.ant-table-row [data-testid^="device-online-"]');
  await badges.first().waitFor(WAIT);
  const ids = await badges.evaluateAll((nodes) =>
    nodes.map((n) => Number((n.getAttribute('data-testid') ?? '').slice('device-online-'.length))),
  );
  return ids;
}

/** A workbook in the template's columns: header in row 1, `rows` from row 2 (over the example). */
async function workbookOf(rows: Array<Record<string, string>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('devices');
  sheet.addRow(TEMPLATE_COLUMNS.map((c) => c.key));
  for (const row of rows) sheet.addRow(TEMPLATE_COLUMNS.map((c) => row[c.key] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const printer = {
  deviceName: '导入打印机',
  productId: '5-打印机',
  connectType: '4-Ping',
  deviceSystem: '3-其他',
  deviceBrand: 'EPSON',
  model: 'TM-T88VI',
  deviceCategory: 'print',
  deviceClass: 'receipt-printer',
};

describe('data that makes sense', () => {
  it('marks the hostid field when another device of the company uses that hostid', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    const [first, second] = await listedDevices(page);
    await page.goto(`${app.url}/device/update.html?deviceId=${second}`);
    const hostidInput = page.getByTestId('device-form-hostid');
    await hostidInput.waitFor(WAIT);
    await expect.poll(() => hostidInput.inputValue(), WAIT).not.toBe('');
    const takenHostid = await hostidInput.inputValue();

    await page.goto(`${app.url}/device/update.html?deviceId=${first}`);
    await expect.poll(() => page.getByTestId('device-form-hostid').inputValue(), WAIT).not.toBe('');
    await page.getByTestId('device-form-hostid').fill(takenHostid);
    await page.getByTestId('device-form-submit').click();
    // Any field's error shows first (named in the failure if it is not the hostid's).
    await page.locator('.ant-form-item-explain-error').first().waitFor(WAIT);
    const error = page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId('device-form-hostid') })
      .locator('.ant-form-item-explain-error');
    await expect
      .poll(() => error.count(), {
        ...WAIT,
        message: (await page.locator('.ant-form-item-explain-error').allTextContents()).join(' | '),
      })
      .toBeGreaterThan(0);
    expect(await error.first().textContent()).toContain('已被本公司设备');
    // The form stays on the page: nothing was saved.
    expect(page.url()).toContain(`update.html?deviceId=${first}`);
    await context.close();
  }, 180_000);

  it('imports the good rows and keeps a downloadable report of the rejected ones until closed', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    await listedDevices(page);
    await page.getByTestId('device-import').click();
    await page.getByTestId('device-import-store').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.locator('.ant-modal input[type=file]').setInputFiles({
      name: 'devices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbookOf([
        { ...printer, hostid: 'e2e-import-1', intranetIp: '127.0.66.1' },
        { ...printer, hostid: 'e2e-import-2', intranetIp: '127.0.66.2' },
        { ...printer, hostid: 'e2e-import-3', intranetIp: '127.0.66.3', macAddress: '00:11:22:33:44' },
        { ...printer, hostid: 'e2e-import-2', intranetIp: '127.0.66.4' },
      ]),
    });
    await page.getByTestId('device-import-submit').click();
    const report = page.getByTestId('device-import-report');
    await report.waitFor(WAIT);
    const summary = zhDevice['device.dataCheck.importSummary']
      .replace('{{imported}}', '2')
      .replace('{{rejected}}', '2');
    expect(await report.textContent()).toContain(summary);
    expect(await report.textContent()).toContain('MAC 地址无效');
    expect(await report.textContent()).toContain('与第 3 行重复');

    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.getByTestId('device-import-report-download').click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const errorColumn = TEMPLATE_COLUMNS.length + 1;
    expect(String(sheet.getCell(2, errorColumn).value)).toContain('MAC 地址无效');
    expect(String(sheet.getCell(3, errorColumn).value)).toContain('与第 3 行重复');
    // Still there after the download; gone once the dialog is closed and opened again.
    expect(await report.isVisible()).toBe(true);
    await page.getByRole('button', { name: zhDevice['device.dataCheck.close'] }).click();
    await page.getByTestId('device-import').click();
    await page.getByTestId('device-import-form').waitFor(WAIT);
    expect(await page.getByTestId('device-import-report').count()).toBe(0);
    await context.close();
  }, 180_000);
});
