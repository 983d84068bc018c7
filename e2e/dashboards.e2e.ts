/**
 * The dashboard, the monitor screen with its drill-down, the stores overview's figures and a store's
 * dashboard in the Chinese console on the demo data (issue 13): each figure shown equals what the
 * calls answer for the same session at that moment (polled together, as the demo's devices may change).
 */
import {
  type AreaUsage,
  DashboardEndpoints,
  type DashboardFigures,
  type DashboardOverview,
  type StoreFigures,
  UsageEndpoints,
} from '@storefleet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { useConsole } from './harness';

const app = useConsole();

const FIGURE_KEYS = ['deviceNum', 'onlineNum', 'offlineNum', 'onlineRate', 'boxes', 'openAlertNum'] as const;

/** The figures tiles as shown (data-value of each tile), with the page's own last tile (`last`). */
async function shownFigures(page: Page, last: 'storeNum' | 'usageRate') {
  const keys = [...FIGURE_KEYS, last];
  const values = await Promise.all(
    keys.map((key) =>
      page.getByTestId(`figure-${key}`).first().getAttribute('data-value', { timeout: 30_000 }),
    ),
  );
  return Object.fromEntries(keys.map((key, i) => [key, values[i]]));
}

/** The same figures from a call's answer, as the tiles print them. */
function expectedFigures(f: DashboardFigures, last: { storeNum: number } | { usageRate: number | null }) {
  return {
    deviceNum: String(f.deviceNum),
    onlineNum: String(f.onlineNum),
    offlineNum: String(f.offlineNum),
    onlineRate: `${f.onlineRate.toFixed(2)}%`,
    boxes: `${f.boxOnlineNum} / ${f.boxNum}`,
    openAlertNum: String(f.openAlertNum),
    ...('storeNum' in last
      ? { storeNum: String(last.storeNum) }
      : { usageRate: last.usageRate === null ? '-' : `${last.usageRate.toFixed(2)}%` }),
  };
}

const overview = (token: string, query: Record<string, number> = {}) =>
  app.call<DashboardOverview>(DashboardEndpoints.getDashboardOverview, { token, query });

describe('the dashboard', () => {
  it('opens as the home of a dashboard user and shows the figures the overview call gives', async () => {
    const { context, page } = await app.openPage();
    const token = await app.signIn(page, 'admin');
    await page.goto(`${app.url}/`);
    await page.waitForURL((url) => url.pathname === '/dashboard/dashboard.html');
    await expect
      .poll(async () => {
        const [shown, data] = await Promise.all([shownFigures(page, 'storeNum'), overview(token)]);
        return JSON.stringify(shown) === JSON.stringify(expectedFigures(data.totals, data));
      })
      .toBe(true);
    const data = await overview(token);
    expect(data.totals.deviceNum).toBeGreaterThan(0);
    // The devices-per-region chart and the usage trend are drawn (ECharts canvases) from real data.
    await page.getByTestId('place-bars-chart').locator('canvas').first().waitFor();
    await page.getByTestId('usage-trend-chart').locator('canvas').first().waitFor();
    expect(await page.getByTestId('usage-trend').textContent()).toContain('平均使用率');
    await context.close();
  });
});

describe('the monitor screen', () => {
  it('shows a tile per region with the call figures and drills down to a region and a city', async () => {
    const { context, page } = await app.openPage();
    const token = await app.signIn(page, 'admin');
    await page.goto(`${app.url}/monitor-screen/index.html`);
    await expect.poll(() => page.getByTestId('monitor-screen-place').textContent()).toBe('全部区域');
    const tilesMatch = async (query: Record<string, number>) => {
      const data = await overview(token, query);
      const shown = await Promise.all(
        data.groups.map(async (g) => ({
          id: g.id,
          online: await page.getByTestId(`place-online-${g.id}`).textContent(),
          offline: await page.getByTestId(`place-offline-${g.id}`).textContent(),
          alerts: await page.getByTestId(`place-alerts-${g.id}`).textContent(),
        })),
      );
      const want = data.groups.map((g) => ({
        id: g.id,
        online: String(g.onlineNum),
        offline: String(g.offlineNum),
        alerts: String(g.openAlertNum),
      }));
      const figures = await shownFigures(page, 'storeNum');
      return (
        JSON.stringify(shown) === JSON.stringify(want) &&
        JSON.stringify(figures) === JSON.stringify(expectedFigures(data.totals, data))
      );
    };
    await page.getByTestId('place-tiles').waitFor();
    await expect.poll(() => tilesMatch({})).toBe(true);
    expect(await page.getByTestId('monitor-screen-fullscreen').isVisible()).toBe(true);

    const region = (await overview(token)).groups.find((g) => g.deviceNum > 0);
    if (!region) throw new Error('the demo has a region with devices');
    await page.getByTestId(`place-link-${region.id}`).click();
    await page.waitForURL((url) => url.pathname === '/monitor-screen/region.html');
    expect(new URL(page.url()).searchParams.get('areaLevel')).toBe(String(region.id));
    await expect.poll(() => page.getByTestId('monitor-screen-place').textContent()).toBe(region.name);
    await expect.poll(() => tilesMatch({ areaLevel: region.id })).toBe(true);

    const province = (await overview(token, { areaLevel: region.id })).groups.find((g) => g.deviceNum > 0);
    if (!province) throw new Error('the region has a province with devices');
    await page.getByTestId(`place-link-${province.id}`).click();
    await page.waitForURL((url) => url.pathname === '/monitor-screen/province.html');
    await expect.poll(() => page.getByTestId('breadcrumbs').textContent()).toContain('省份大屏');
    await expect.poll(() => page.getByTestId('monitor-screen-place').textContent()).toBe(province.name);
    await expect.poll(() => tilesMatch({ provinceLevel: province.id })).toBe(true);
    await page.getByTestId('monitor-screen-up').click();
    await page.waitForURL((url) => url.pathname === '/monitor-screen/region.html');
    await context.close();
  });
});

describe('the stores overview and a store dashboard', () => {
  it("shows each store's figures as the call gives them and opens a store's dashboard", async () => {
    const { context, page } = await app.openPage();
    const token = await app.signIn(page, 'admin');
    await page.goto(`${app.url}/stores/index.html`);
    const table = page.getByTestId('store-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const ids = (await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-key'))))) as number[];
    const figuresShown = async () => {
      const rows = await app.call<StoreFigures[]>(DashboardEndpoints.getStoreFigures, {
        token,
        query: { shopIdStr: ids.join(',') },
      });
      const shown = await Promise.all(
        rows.map(async (r) => ({
          devices: (await page.getByTestId(`store-devices-${r.shopId}`).textContent())?.replace(/\s/g, ''),
          alerts: await page.getByTestId(`store-alerts-${r.shopId}`).textContent(),
          usage: await page.getByTestId(`store-usage-${r.shopId}`).textContent(),
        })),
      );
      const want = rows.map((r) => ({
        devices: `${r.onlineNum}/${r.deviceNum}`,
        alerts: String(r.openAlertNum),
        usage: r.usageRate === null ? '-' : `${r.usageRate.toFixed(2)}%`,
      }));
      return rows.length === ids.length && JSON.stringify(shown) === JSON.stringify(want);
    };
    await expect.poll(figuresShown).toBe(true);

    const shopId = ids[0] as number;
    await page.getByTestId(`store-dashboard-${shopId}`).click();
    await page.waitForURL((url) => url.pathname === `/stores/store/${shopId}.html`);
    await expect
      .poll(async () => {
        const [row] = await app.call<StoreFigures[]>(DashboardEndpoints.getStoreFigures, {
          token,
          query: { shopIdStr: String(shopId) },
        });
        if (!row) return false;
        const shown = await shownFigures(page, 'usageRate');
        return JSON.stringify(shown) === JSON.stringify(expectedFigures(row, row));
      })
      .toBe(true);
    await page.getByTestId('store-dashboard-devices').locator('tbody tr.ant-table-row').first().waitFor();
    await context.close();
  });
});

/** `YYYY-MM-DD` of the local day `offset` days from today (the browser runs on this machine's clock). */
function localDay(offset: number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('the usage report', () => {
  it("shows each region's usage as the area report call gives it for the page's default week", async () => {
    const { context, page } = await app.openPage();
    const token = await app.signIn(page, 'admin');
    // The default week ends today, and today's usage grows while the test runs: the rates shown are
    // checked against the page's own area-report reply, the groups and device counts against a new call.
    const reply = page.waitForResponse((r) => new URL(r.url()).pathname === UsageEndpoints.areaReport.path);
    await page.goto(`${app.url}/device/device-use.html`);
    const pageRows = ((await (await reply).json()) as { data: AreaUsage[] }).data;
    const table = page.getByTestId('usage-report-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const rows = await app.call<AreaUsage[]>(UsageEndpoints.areaReport, {
      token,
      body: { startTime: localDay(-6), endTime: localDay(0) },
    });
    expect(pageRows.map((r) => [r.areaId, r.areaName, r.num])).toEqual(
      rows.map((r) => [r.areaId, r.areaName, r.num]),
    );
    await expect
      .poll(async () => {
        const shown = await Promise.all(
          pageRows.map(async (r) => {
            const cells = await table
              .locator(`tbody tr.ant-table-row[data-row-key="${r.areaId}"] td`)
              .allTextContents();
            return cells.slice(-3);
          }),
        );
        const want = pageRows.map((r) => [r.areaName, String(r.num), r.rate.toFixed(2)]);
        return pageRows.length > 0 && JSON.stringify(shown) === JSON.stringify(want);
      })
      .toBe(true);
    await page.getByTestId('usage-report-chart').locator('canvas').first().waitFor();
    await context.close();
  });
});
