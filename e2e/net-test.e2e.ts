/**
 * Net tests on the demo (issue 14): with the simulated fleet linked, the company admin starts a test of
 * one store from the new-test page; the boxes test the demo's addresses (the local speed-test endpoint the
 * server runs on 127.0.0.1), the run finishes on the list page, and the figures shown are those the results
 * call answers; the history chart is drawn. The admin console starts a run of its own the same way.
 */
import {
  type Device,
  DeviceEndpoints,
  type NetTestRun,
  NetTestRunEndpoints,
  type NetTestRunResult,
  type PagedResult,
  ProductType,
} from '@storefleet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { ms, percent, speed } from '../apps/web/src/company/pages/net-test/net-test-format';
import { useConsole } from './harness';

const app = useConsole({ SIMULATOR: '1' });
const LONG = { timeout: 90_000, interval: 1_000 };

type RunResults = { run: NetTestRun; results: NetTestRunResult[] };

/** Opens the select `testId`, types `text` and picks the option that reads exactly `text`. */
async function pick(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${text}$`) })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

/** A store whose simulated box is linked (the fleet comes online within a minute of start-up). */
async function storeWithOnlineBox(token: string): Promise<Device> {
  let box: Device | undefined;
  await expect
    .poll(async () => {
      const page = await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
        token,
        query: { productId: ProductType.AI_BOX, onlineStatus: 1, pageNum: 1, pageSize: 20 },
      });
      box = page.list.find((d) => d.deviceOnlineStatus === 1);
      return box !== undefined;
    }, LONG)
    .toBe(true);
  if (!box) throw new Error('no simulated box came online');
  return box;
}

/** The results table's rows as text, one string per row. */
async function rowsOf(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).locator('tr.ant-table-row').allTextContents();
}

describe('net test on the demo', () => {
  it('runs a store from the new page and shows the figures the results call answers', async () => {
    const { context, page } = await app.openPage();
    const token = await app.signIn(page, 'admin');
    const box = await storeWithOnlineBox(token);

    await page.goto(`${app.url}/net-test/index.html`);
    await page.getByTestId('net-test-new').click();
    await page.waitForURL((url) => url.pathname.endsWith('/net-test/new.html'), { timeout: 30_000 });
    await pick(page, 'net-test-stores', box.shopName);
    await page.getByTestId('net-test-run').click();
    await page.waitForURL((url) => url.pathname.endsWith('/net-test/index.html'), { timeout: 30_000 });

    // The run finishes on the list page, without a reload.
    const firstRun = page.getByTestId('net-test-runs').locator('tr.ant-table-row').first();
    await expect.poll(() => firstRun.textContent(), LONG).toContain('已完成');
    const runs = await app.call<PagedResult<NetTestRun>>(NetTestRunEndpoints.netTestRunList, { token });
    const run = runs.list[0];
    expect(run?.status).toBe('finished');
    const answer = await app.call<RunResults>(
      {
        ...NetTestRunEndpoints.netTestRunResults,
        path: NetTestRunEndpoints.netTestRunResults.path.replace(':id', String(run?.id)),
      },
      { token },
    );
    // The demo offers two addresses: a speed test on the local endpoint, and a ping-only one.
    expect(answer.results.length).toBeGreaterThanOrEqual(2);
    expect(answer.results.every((r) => r.shopId === box.shopId && r.outcome === 'ok')).toBe(true);
    const measured = answer.results.find((r) => r.downloadSpeed !== null);
    expect(measured?.downloadSpeed).toBeGreaterThan(0);
    expect(measured?.uploadSpeed).toBeGreaterThan(0);

    // Each result's figures, as the page formats them, are in its row.
    await expect
      .poll(async () => (await rowsOf(page, 'net-test-results')).length)
      .toBe(answer.results.length);
    const rows = await rowsOf(page, 'net-test-results');
    for (const result of answer.results) {
      const row = rows.find((text) => text.includes(result.pingUrlName));
      expect(row, result.pingUrlName).toBeDefined();
      for (const shown of [
        result.storeName,
        ms(result.delayTime),
        ms(result.networkJitter),
        percent(result.packetLossRate),
        speed(result.downloadSpeed),
        speed(result.uploadSpeed),
      ]) {
        expect(row).toContain(shown);
      }
    }

    // The history of the first address is charted.
    await page.getByRole('tab', { name: '历史趋势' }).click();
    await page.getByTestId('net-test-history-chart').locator('canvas').first().waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: '门店对比（最新结果）' }).click();
    await page.getByTestId('net-test-compare-chart').locator('canvas').first().waitFor({ timeout: 60_000 });
    await context.close();
  }, 240_000);

  it('runs a company region from the admin console against the platform addresses', async () => {
    const { context, page } = await app.openPage();
    const token = await app.signIn(page, 'platform', { signPath: '/admin/sign.html' });
    await page.goto(`${app.url}/admin/net-test/index.html?tab=runs`);
    await page.getByTestId('net-test-new').click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/net-test/new.html'), { timeout: 30_000 });
    await pick(page, 'net-test-company', '北风零售');
    await page.getByTestId('net-test-run').click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/net-test/index.html'), { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('tab')).toBe('runs');
    const firstRun = page.getByTestId('net-test-runs').locator('tr.ant-table-row').first();
    await expect.poll(() => firstRun.textContent(), LONG).toContain('已完成');
    const runs = await app.call<PagedResult<NetTestRun>>(NetTestRunEndpoints.platformRunList, { token });
    expect(runs.list[0]).toMatchObject({ status: 'finished', startedFrom: 'platform' });
    expect(runs.list[0]?.resultCount).toBeGreaterThan(0);
    await expect
      .poll(async () => (await rowsOf(page, 'net-test-results')).length, LONG)
      .toBe(runs.list[0]?.resultCount);
    await context.close();
  }, 240_000);
});
