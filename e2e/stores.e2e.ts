/**
 * Stores, hierarchy and net-test addresses as a person uses them (issue 3): the store overview with
 * the region cascader, adding a store, the scoped operator's view, the level editor's refusals and the
 * admin application's net-test addresses.
 */
import { readFileSync } from 'node:fs';

import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import zhStores from '../apps/web/src/locales/zh-CN/stores';
import { useConsole } from './harness';

const WAIT = { timeout: 30_000 };

async function downloading(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', WAIT), click()]);
  return download;
}

async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  return workbook;
}

/** Uploads `workbook` in the open store import dialog; the kind of outcome the dialog shows. */
async function importStores(page: Page, workbook: ExcelJS.Workbook): Promise<string | null> {
  await page.locator('.ant-modal input[type=file]').setInputFiles({
    name: 'stores.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await page.getByTestId('store-import-submit').click();
  const result = page.getByTestId('store-import-result');
  await result.waitFor(WAIT);
  return result.getAttribute('data-kind');
}

const app = useConsole();

async function storeRows(page: Page): Promise<string[]> {
  const table = page.getByTestId('store-table');
  await table.locator('tbody tr.ant-table-row').first().waitFor();
  return table.locator('tbody tr.ant-table-row td:first-child').allTextContents();
}

describe('store overview', () => {
  it('lists the stores and narrows them with the region cascader', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    await page.goto(`${app.url}/stores/index.html?pageSize=50`);
    expect((await storeRows(page)).length).toBeGreaterThan(20);
    await page.getByTestId('store-filter-region').click();
    await page.locator('.ant-cascader-menu-item', { hasText: '华北大区' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('list-search').click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('region').length).toBe(1);
    await expect.poll(async () => (await storeRows(page)).length).toBe(9);
    await context.close();
  });

  it('adds a store with the cascader and finds it in the list', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    await page.goto(`${app.url}/stores/index.html`);
    await page.getByTestId('store-add').click();
    await page.getByTestId('store-form-no').fill('NW7777');
    await page.getByTestId('store-form-name').fill('Nanjing Test Store');
    await page.getByTestId('store-form-region').click();
    await page.locator('.ant-cascader-menu-item', { hasText: '华东大区' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '江苏' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '南京' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('store-form-submit').click();
    await page.waitForURL((url) => url.pathname === '/stores/index.html');
    await page.getByTestId('store-filter-no').fill('NW7777');
    await page.getByTestId('list-search').click();
    await expect.poll(async () => storeRows(page)).toEqual(['NW7777']);
    await expect.poll(() => page.getByTestId('store-table').textContent()).toContain('南京');
    await context.close();
  });

  it('shows the scoped operator only its region, without store buttons', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'operator');
    await page.goto(`${app.url}/stores/index.html?pageSize=50`);
    // East China's 15 demo stores plus the one added above.
    expect((await storeRows(page)).length).toBe(16);
    // The region column found by its title: the figures come before it (stores/index.tsx).
    const table = page.getByTestId('store-table');
    const titles = await table.locator('thead th').allTextContents();
    const regionColumn = titles.indexOf('大区') + 1;
    expect(regionColumn).toBeGreaterThan(0);
    const regions = await table
      .locator(`tbody tr.ant-table-row td:nth-child(${regionColumn})`)
      .allTextContents();
    expect(new Set(regions)).toEqual(new Set(['华东大区']));
    expect(await page.getByTestId('store-add').count()).toBe(0);
    await context.close();
  });
});

describe('store workbook', () => {
  it('imports stores and a new region from the template, wrong rows first, then exports them', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    await page.goto(`${app.url}/stores/index.html`);
    await page.getByTestId('store-import').click();
    await page.getByTestId('store-import-form').waitFor(WAIT);
    const template = await workbookOf(
      await downloading(page, () => page.getByTestId('store-import-template').click()),
    );
    const sheet = template.worksheets[0] as ExcelJS.Worksheet;
    sheet.getRow(3).values = ['E2E-S1', '西湖店', '杭州市西湖区 1 号', '华东大区', '浙江', '杭州'];
    sheet.getRow(4).values = ['E2E-S2', '', '', 'E2E 西部大区', 'E2E 四川', 'E2E 成都'];
    sheet.getRow(5).values = ['E2E-S3', '春熙路店', '', 'E2E 西部大区', 'E2E 四川', 'E2E 成都', '已搬迁'];
    expect(await importStores(page, template)).toBe('rejected');
    expect(await page.getByTestId('store-import-summary').textContent()).toBe(
      zhStores['stores.import.rejected'].replace('{{count}}', '1'),
    );
    const reported = await page
      .getByTestId('store-import-problems')
      .locator('tbody tr[data-row]')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row'))));
    expect(reported).toEqual([4]);

    sheet.getRow(4).getCell(2).value = '天府店';
    expect(await importStores(page, template)).toBe('written');
    expect(await page.getByTestId('store-import-summary').textContent()).toBe(
      zhStores['stores.import.written']
        .replace('{{added}}', '3')
        .replace('{{updated}}', '0')
        .replace('{{unchanged}}', '0')
        .replace('{{levels}}', '3'),
    );
    await page.getByRole('button', { name: zhStores['stores.import.close'] }).click();
    await page.getByTestId('store-filter-no').fill('E2E-S');
    await page.getByTestId('list-search').click();
    await expect.poll(async () => storeRows(page)).toEqual(['E2E-S1', 'E2E-S2', 'E2E-S3']);
    await expect.poll(() => page.getByTestId('store-table').textContent()).toContain('E2E 成都');

    // The export of the filtered list is the same workbook: three stores, their places by name.
    const exported = await workbookOf(
      await downloading(page, () => page.getByTestId('store-export').click()),
    );
    const rows = (exported.worksheets[0] as ExcelJS.Worksheet).getSheetValues().slice(2);
    expect(rows.map((r) => (r as unknown[])[1])).toEqual(['E2E-S1', 'E2E-S2', 'E2E-S3']);
    expect((rows[2] as unknown[]).slice(4, 8)).toEqual(['E2E 西部大区', 'E2E 四川', 'E2E 成都', '已搬迁']);
    await context.close();
  });
});

describe('level configuration', () => {
  it('adds a lower level, and shows why a region with lower levels cannot be deleted', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    await page.goto(`${app.url}/stores/level/index.html`);
    await page.getByTestId('level-tree').waitFor();
    const east = page.locator('[data-testid^="level-node-"]', { hasText: '华东大区' }).first();
    const eastId = ((await east.getAttribute('data-testid')) ?? '').replace('level-node-', '');
    await page.getByTestId(`level-add-${eastId}`).click();
    await page.getByTestId('level-form-name').fill('安徽');
    await page.getByRole('button', { name: /OK|确\s*定/ }).click();
    await expect.poll(() => page.getByTestId('level-tree').textContent()).toContain('安徽');
    await page.getByTestId(`level-delete-${eastId}`).click();
    await page.getByRole('button', { name: /OK|确\s*定/ }).click();
    await expect.poll(() => page.locator('.ant-notification').textContent()).toContain('个下级');
    await context.close();
  });
});

describe('admin net-test addresses', () => {
  it('adds an address, rejecting a URL and a loopback address as the ping host', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'platform', { signPath: '/admin/sign.html' });
    await page.goto(`${app.url}/admin/net-test/index.html`);
    await page.getByTestId('net-test-add').click();
    await page.getByTestId('net-test-form-name').fill('Store speed probe');
    await page.getByTestId('net-test-form-ping-url').fill('http://localhost/');
    await page.getByRole('button', { name: /OK|确\s*定/ }).click();
    await expect
      .poll(() => page.getByTestId('net-test-address-modal').textContent())
      .toContain('主机名或 IP');
    // Boxes would probe themselves: the outbound policy refuses loopback unless OUTBOUND_ALLOW says so.
    await page.getByTestId('net-test-form-ping-url').fill('localhost');
    await page.getByRole('button', { name: /OK|确\s*定/ }).click();
    await expect
      .poll(() => page.getByTestId('net-test-address-modal').textContent())
      .toContain('本机回环地址');
    // A host name is resolved by the box on its own network, so it is taken as typed.
    await page.getByTestId('net-test-form-ping-url').fill('speedtest.example.com');
    await page.getByRole('button', { name: /OK|确\s*定/ }).click();
    await expect
      .poll(() => page.getByTestId('net-test-address-table').textContent())
      .toContain('Store speed probe');
    await context.close();
  });
});
