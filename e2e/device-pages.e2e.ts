/**
 * Pages that say where you are (issue 10): a device's pages head with its name and its store (a link),
 * link to each other and name the device in the browser tab; a box lists the devices behind it; the
 * running-info chart names its item and offers time ranges; the not-found page stays inside the shell
 * when signed in and its button never leaves the console; a user who may not edit never reaches the
 * edit form.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { useConsole } from './harness';

const WAIT = { timeout: 30_000 };

// The simulated fleet reports running info, so the chart has history to show.
const app = useConsole({ SIMULATOR: '1' });

/** The id of the first device listed on a device list page (its row's state badge names it). */
async function firstListedDevice(page: Page, path: string): Promise<number> {
  await page.goto(`${app.url}${path}`);
  const badge = page.locator('.ant-table-row [data-testid^="device-online-"]').first();
  await badge.waitFor(WAIT);
  const id = Number(((await badge.getAttribute('data-testid')) ?? '').slice('device-online-'.length));
  expect(id).toBeGreaterThan(0);
  return id;
}

describe('device pages', () => {
  it("head a box's details with its name and store, name it in the tab, and list the devices behind it", async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    const boxId = await firstListedDevice(page, '/device/gateway.html');
    const row = page.locator('.ant-table-row').filter({ has: page.getByTestId(`device-online-${boxId}`) });
    const boxName = ((await row.locator('a[href*="details.html"]').first().textContent()) ?? '').trim();
    expect(boxName).not.toBe('');

    await page.goto(`${app.url}/device/details.html?deviceId=${boxId}`);
    const header = page.getByTestId('device-header');
    await header.waitFor(WAIT);
    expect((await page.getByTestId('device-header-name').textContent())?.trim()).toBe(boxName);
    await expect.poll(() => page.title(), WAIT).toContain(boxName);

    // The devices behind the box, each with its state and a link to its own details.
    const subDevices = page.getByTestId('device-sub-devices');
    const subRow = subDevices.locator('[data-testid^="sub-device-"]').first();
    await subRow.waitFor(WAIT);
    expect(await subRow.locator('[data-testid^="device-online-"]').textContent()).toMatch(/\S/);
    const subName = ((await subRow.locator('a').first().textContent()) ?? '').trim();
    await subRow.locator('a').first().click();
    await expect.poll(() => page.getByTestId('device-header-name').textContent(), WAIT).toBe(subName);
    await expect.poll(() => page.title(), WAIT).toContain(subName);

    // Its pages link to each other: the syslog page keeps the same head.
    const syslogTab = page.getByTestId('device-tab-syslog');
    if ((await syslogTab.count()) > 0) {
      await syslogTab.click();
      await page.getByTestId('device-syslog').waitFor(WAIT);
      expect((await page.getByTestId('device-header-name').textContent())?.trim()).toBe(subName);
      await page.getByTestId('device-tab-details').click();
      await page.getByTestId('device-details').waitFor(WAIT);
    }

    // The store is a link to the store's live page.
    const store = page.getByTestId('device-header-store');
    const storeName = ((await store.textContent()) ?? '').trim();
    expect(storeName).not.toBe('');
    await store.click();
    await page.waitForURL(/\/dynamic-monitor\/store\/\d+\.html$/, WAIT);
    await context.close();
  }, 120_000);

  it('charts a running item under its name and unit, over the last hour on request', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    await page.goto(`${app.url}/device/index.html`);
    const online = page
      .locator('.ant-table-row [data-testid^="device-online-"]')
      .filter({ hasText: '在线' })
      .first();
    await online.waitFor({ timeout: 90_000 });
    const deviceId = ((await online.getAttribute('data-testid')) ?? '').slice('device-online-'.length);
    await page.goto(`${app.url}/device/details.html?deviceId=${deviceId}`);
    // The first numeric item the device reports (ping devices report the delay, agents the CPU load …).
    await page.locator('[data-testid^="running-item-"]').first().waitFor({ timeout: 90_000 });
    const numeric = ['icmp.delay', 'cpu.load', 'memory.used', 'disk.used', 'net.in', 'sysUpTime'];
    let item = '';
    for (const key of numeric) {
      if ((await page.getByTestId(`running-item-${key}`).count()) > 0) {
        item = key;
        break;
      }
    }
    expect(item).not.toBe('');
    await page.getByTestId(`running-item-${item}`).click();
    // Titled with the item's name and the unit its axis reads.
    await expect
      .poll(() => page.getByTestId('device-history-title').textContent(), WAIT)
      .toMatch(/\S \(\S+\)$/);
    await page.getByTestId('device-history-chart').waitFor(WAIT);
    const [ranged] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/getRunninginfos?') && r.url().includes('range=hour'),
        WAIT,
      ),
      page.getByTestId('device-history-range').getByText('最近 1 小时').click(),
    ]);
    // The simulator started reporting minutes ago: the last hour has values to chart.
    const body = (await ranged.json()) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);
    await page.getByTestId('device-history-chart').waitFor(WAIT);
    await context.close();
  }, 240_000);

  it('lets a user who may not edit open a device, but not its edit form', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'operator');
    const deviceId = await firstListedDevice(page, '/device/index.html');
    await page.goto(`${app.url}/device/details.html?deviceId=${deviceId}`);
    await page.getByTestId('device-header').waitFor(WAIT);
    expect(await page.getByTestId('device-header-edit').count()).toBe(0);

    await page.goto(`${app.url}/device/update.html?deviceId=${deviceId}`);
    await page.getByTestId('forbidden').waitFor(WAIT);
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    expect(await page.locator('form').count()).toBe(0);
    await context.close();
  }, 120_000);
});

describe('the not-found page', () => {
  it('stays inside the shell when signed in, and its button goes to the console home', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    await page.goto(`${app.url}/no/such/page.html`);
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor(WAIT);
    expect(await notFound.getAttribute('data-in-shell')).toBe('true');
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    // Opened directly: there is no console page to go back to, so the button goes home, not away.
    await page.getByTestId('not-found-back').click();
    await page.waitForURL((url) => url.origin === app.url && !url.pathname.startsWith('/no/'), WAIT);
    await page.getByTestId('side-menu').waitFor(WAIT);
    await context.close();
  }, 120_000);

  it('is shown on its own to a signed-out visitor', async () => {
    const { context, page } = await app.openPage();
    await page.goto(`${app.url}/no/such/page.html`);
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor(WAIT);
    expect(await notFound.getAttribute('data-in-shell')).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/no/such/page.html');
    await context.close();
  }, 120_000);
});
