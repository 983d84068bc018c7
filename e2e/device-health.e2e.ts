/**
 * The device-health-analysis page and offline-reason entry in the Chinese console on the demo data
 * (issue 13): the anomaly and forecast lists show what their calls answer for the same filters, the
 * charts are drawn, and an offline reason recorded on a device's details page appears in its history.
 */
import { type AnomalyItem, ForecastEndpoints, type ForecastItem } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { useConsole } from './harness';

const app = useConsole();

describe('device health analysis', () => {
  it('lists the stores the anomaly and forecast calls rank first, and draws the charts', async () => {
    const { context, page } = await app.openPage();
    const token = await app.signIn(page, 'admin');
    await page.goto(`${app.url}/device/device-health-analysis.html`);
    const [anomalies, forecasts] = await Promise.all([
      app.call<AnomalyItem[]>(ForecastEndpoints.findDeviceOrShopAnomaly, { token, body: { queryType: 1 } }),
      app.call<ForecastItem[]>(ForecastEndpoints.findDeviceOrShopForecast, { token, body: { queryType: 1 } }),
    ]);
    const firstRow = (table: string) =>
      page.getByTestId(table).locator('tr.ant-table-row').first().textContent({ timeout: 60_000 });
    // The demo seeds two months of usage: there is something to rank.
    expect(anomalies.length).toBeGreaterThan(0);
    expect(forecasts.length).toBeGreaterThan(0);
    await expect
      .poll(() => firstRow('health-anomaly-table'), { timeout: 60_000 })
      .toContain(anomalies[0]?.shopName ?? '');
    expect(await firstRow('health-anomaly-table')).toContain(String(anomalies[0]?.score));
    await page.getByTestId('health-anomaly-chart').locator('canvas').first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() => firstRow('health-forecast-table'), { timeout: 60_000 })
      .toContain(forecasts[0]?.shopName ?? '');
    await page.getByTestId('health-forecast-chart').locator('canvas').first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: '/tmp/h7-health.png', fullPage: true });
    // Devices instead of stores: the URL keeps the choice.
    await page.getByTestId('health-query-type').click();
    await page.getByTitle('设备', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('queryType') === '0');
    await context.close();
  });

  it('records an offline reason on a device page and lists it in the history', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    await page.goto(`${app.url}/device/index.html`);
    await page.locator('tbody.ant-table-tbody tr.ant-table-row a').first().click();
    await page.getByTestId('offline-reasons-card').waitFor({ timeout: 60_000 });
    await page.getByTestId('offline-reasons-card').getByTestId('offline-reason-record').click();
    await page.getByTestId('offline-reason-type').click();
    await page.getByTitle('停电', { exact: true }).click();
    await page.getByTestId('offline-reason-reason').fill('<b>商场停电</b>');
    await page.getByTestId('offline-reason-ok').click();
    await expect
      .poll(() => page.getByTestId('offline-reasons-table').textContent(), { timeout: 30_000 })
      .toContain('<b>商场停电</b>');
    expect(await page.getByTestId('offline-reasons-table').textContent()).toContain('停电');
    await context.close();
  });
});
