/**
 * Problems first (issue 10, "Done when"): signed in as admin, with the demo fleet linked and a store's
 * box going silent, the operator sees that store's devices go offline without reloading: a device of it
 * flashes and sits at the top of the device list (no online device above it), and the store's card is
 * red at the top of the dynamic monitor; "problems only" keeps just the stores in trouble.
 *
 * The fleet runs in this test process (the simulator of `npm start`, over loopback), one box apart, so
 * the test can silence exactly that box; the company's offline threshold is lowered to the smallest the
 * settings allow (20 s) so the sweep notices within a minute.
 */
import {
  AuthEndpoints,
  ConfigEndpoints,
  type Device,
  DeviceEndpoints,
  MAX_PAGE_SIZE,
  type PagedResult,
  ProductType,
} from '@storefleet/contracts';
import { type Fleet, startFleet } from '@storefleet/simulator';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';

import zhDevice from '../apps/web/src/locales/zh-CN/device';

import { DEMO_PASSWORD, newBoxKey, useConsole } from './harness';

const fleets: Fleet[] = [];

/** A device going offline waits for the offline sweep (every 30 s) past the 20 s threshold. */
const OFFLINE_WAIT = { timeout: 150_000, interval: 2_000 };
const ONLINE = '在线';

const app = useConsole({ SIMULATOR: '0' });

afterAll(async () => {
  for (const fleet of fleets) await fleet.stop();
});

/** Calls the server as the console does (envelope `data`), with the endpoint's own path. */

/** The device list's rows top to bottom: id and the state badge's text. */
async function listedRows(page: Page): Promise<{ id: string; state: string }[]> {
  const rows = await page.locator('[data-testid="device-monitored-table"] tbody tr.ant-table-row').all();
  return Promise.all(
    rows.map(async (row) => {
      const id = (await row.getAttribute('data-row-key')) ?? '';
      const state = ((await row.locator(`[data-testid="device-online-${id}"]`).textContent()) ?? '').trim();
      return { id, state };
    }),
  );
}

/** The dynamic monitor's cards in the order shown: store id and whether it is marked in trouble. */
async function shownCards(page: Page): Promise<{ shopId: string; trouble: boolean }[]> {
  const cards = await page.locator('[data-testid^="store-card-"]').all();
  return Promise.all(
    cards.map(async (card) => ({
      shopId: ((await card.getAttribute('data-testid')) ?? '').slice('store-card-'.length),
      trouble: (await card.getAttribute('data-trouble')) === 'true',
    })),
  );
}

describe('problems first', () => {
  it('shows a device going offline at the top of the list and its store in red atop the dynamic monitor, without reload', async () => {
    const login = await app.call<{ accessToken: string }>(AuthEndpoints.login, {
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    const token = login.accessToken;
    await app.call(ConfigEndpoints.update, {
      token,
      body: {
        configItems: [
          { code: 'probe_interval_seconds', value: '10' },
          { code: 'offline_threshold_seconds', value: '20' },
        ],
      },
    });
    const boxes = await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
      token,
      query: { queryType: 1, pageNum: 1, pageSize: MAX_PAGE_SIZE },
    });
    // The oldest monitored device behind a box: last in the newest-first order, so only the
    // problems-first order can bring it to the top of the list.
    const monitored = await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
      token,
      query: { monitored: 1, sortBy: 'deviceId', sortDirection: 'asc', pageNum: 1, pageSize: MAX_PAGE_SIZE },
    });
    const keyed = boxes.list.filter((box) => box.securityKey);
    const device = monitored.list.find(
      (d) => d.productId !== ProductType.AI_BOX && keyed.some((box) => box.shopId === d.shopId),
    );
    if (!device) throw new Error('the demo has no monitored device behind a box');
    const target = keyed.find((box) => box.shopId === device.shopId);
    if (!target?.securityKey) throw new Error(`store ${device.shopId} has no box with a key`);
    const shopId = target.shopId;
    const others = keyed.filter((box) => box !== target);

    const link = { serverUrl: app.url, episodes: false, intervalSeconds: 5 };
    const otherKeys = await Promise.all(others.map((box) => newBoxKey(app, token, box.deviceId)));
    fleets.push(startFleet({ ...link, boxes: otherKeys.map((key) => ({ key })) }));
    const silenced = startFleet({ ...link, boxes: [{ key: await newBoxKey(app, token, target.deviceId) }] });
    fleets.push(silenced);
    // The store's device comes online first (its box reports for it).
    await expect
      .poll(
        async () =>
          (
            await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
              token,
              query: { shopId, monitored: 1, onlineStatus: 1, pageNum: 1, pageSize: 100 },
            })
          ).list.some((d) => d.deviceId === device.deviceId),
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true);

    const { context, page } = await app.openPage();
    // A page that crashes says why in the test output.
    page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
    await app.signIn(page);
    const monitor = await context.newPage();
    await page.goto(`${app.url}/device/index.html`);
    await page.getByTestId('device-monitored-table').waitFor();
    // Remember every row that flashes from now on (a flash lasts seconds; the record stays).
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { __flashed: Set<string> }).__flashed = seen;
      new MutationObserver(() => {
        for (const row of document.querySelectorAll('tr[data-flash="true"]'))
          seen.add(row.getAttribute('data-row-key') ?? '');
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await monitor.goto(`${app.url}/dynamic-monitor/index.html`);
    await monitor.getByTestId('dynamic-monitor-cards').waitFor();
    await monitor.locator('[data-testid^="store-card-"]').first().waitFor();

    await silenced.stop();

    // The device list: the device is listed, offline, with no online device above it, and it flashed.
    const id = String(device.deviceId);
    await expect
      .poll(async () => {
        const rows = await listedRows(page);
        const at = rows.findIndex((r) => r.id === id);
        if (at < 0) return 'not listed';
        if (rows[at]?.state === ONLINE) return 'still online';
        return rows.slice(0, at).some((r) => r.state === ONLINE) ? 'below an online device' : 'on top';
      }, OFFLINE_WAIT)
      .toBe('on top');
    expect(
      await page.evaluate(
        (rowId) => (window as unknown as { __flashed: Set<string> }).__flashed.has(rowId),
        id,
      ),
    ).toBe(true);
    await expect
      .poll(() => page.getByTestId('device-count-card-offline').getAttribute('data-trouble'))
      .toBe('true');

    // The dynamic monitor: the store's card is red and no calm store is shown before it.
    await expect
      .poll(async () => {
        const cards = await shownCards(monitor);
        const at = cards.findIndex((c) => c.shopId === String(shopId));
        if (at < 0) return 'not shown';
        if (!cards[at]?.trouble) return 'not in trouble';
        return cards.slice(0, at).every((c) => c.trouble) ? 'on top' : 'below a calm store';
      }, OFFLINE_WAIT)
      .toBe('on top');
    const border = await monitor
      .getByTestId(`store-card-${shopId}`)
      .locator('.ant-card')
      .evaluate((card) => getComputedStyle(card).borderTopColor);
    // Red: the theme's error colour (a strong red channel, weak green and blue).
    const [red = 0, green = 255, blue = 255] = (border.match(/\d+/g) ?? []).map(Number);
    expect(red > 180 && green < 120 && blue < 120, `border ${border} is red`).toBe(true);
    await expect(monitor.getByTestId(`store-trouble-${shopId}`).textContent()).resolves.toBe('有问题');

    // "Problems only" keeps the store and drops every calm one.
    await monitor.getByTestId('dynamic-monitor-problems-only').click();
    await expect
      .poll(async () => {
        const cards = await shownCards(monitor);
        return (
          cards.length > 0 && cards.every((c) => c.trouble) && cards.some((c) => c.shopId === String(shopId))
        );
      })
      .toBe(true);

    // The store's live page heads with the store and its silent box.
    await monitor.getByTestId(`store-card-${shopId}`).click();
    const header = monitor.getByTestId('dynamic-monitor-store-header');
    await header.waitFor();
    await expect
      .poll(
        async () =>
          (await monitor.getByTestId(`device-online-${target.deviceId}`).first().textContent()) ?? '',
      )
      .toBe('离线');
    expect(await monitor.getByTestId('dynamic-monitor-store-name').textContent()).toContain(target.shopName);
    await context.close();
    for (const fleet of fleets.splice(0)) await fleet.stop();
  }, 300_000);

  it('fits a 1440 px screen, filters by a count card, remembers the page size and asks before disabling or stopping monitoring', async () => {
    const { context, page } = await app.openPage();
    page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
    await app.signIn(page);
    await page.goto(`${app.url}/device/index.html`);
    const table = page.getByTestId('device-monitored-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();

    // IP, MAC and last online are left of the fixed actions column, without scrolling sideways.
    const header = async (label: string) => {
      const box = await table.locator('thead th', { hasText: label }).first().boundingBox();
      if (!box) throw new Error(`no column "${label}"`);
      return box;
    };
    const actions = await header(zhDevice['device.column.actions']);
    for (const label of [
      zhDevice['device.field.intranetIp'],
      zhDevice['device.field.macAddress'],
      zhDevice['device.field.deviceOnlineTime'],
    ]) {
      const box = await header(label);
      expect(box.x + box.width, `${label} ends before the actions column`).toBeLessThanOrEqual(actions.x + 1);
    }

    // The offline card filters the list to offline devices; the total card clears the filter.
    await page.getByTestId('device-count-card-offline').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('onlineStatus')).toBe('0');
    await expect
      .poll(() => page.getByTestId('device-count-card-offline').getAttribute('data-active'))
      .toBe('true');
    await expect
      .poll(async () => {
        const rows = await listedRows(page);
        return rows.length > 0 && rows.every((r) => r.state !== ONLINE);
      })
      .toBe(true);
    await page.getByTestId('device-count-card-total').click();
    await expect.poll(() => new URL(page.url()).searchParams.has('onlineStatus')).toBe(false);
    // The address changes before the list re-renders: wait for the whole first page (default size 10)
    // so the page-size change below acts on the unfiltered list, as a user looking at it would.
    await expect.poll(async () => (await listedRows(page)).length).toBe(10);

    // A page size picked once is what the list opens with next time.
    await page.locator('.ant-pagination-options select').first().selectOption('20');
    await expect.poll(async () => (await listedRows(page)).length).toBe(20);
    await page.goto(`${app.url}/device/index.html`);
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    expect(new URL(page.url()).searchParams.has('pageSize')).toBe(false);
    await expect.poll(async () => (await listedRows(page)).length).toBe(20);

    // Disabling asks first; cancelled, the device stays enabled.
    const [first] = await listedRows(page);
    if (!first) throw new Error('no device listed');
    const stateSwitch = page.getByTestId(`device-state-${first.id}`);
    expect(await stateSwitch.getAttribute('aria-checked')).toBe('true');
    await stateSwitch.click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.waitFor();
    await dialog
      .locator('.ant-btn')
      .filter({ hasNotText: zhDevice['device.confirm.disableOk'] })
      .first()
      .click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await stateSwitch.getAttribute('aria-checked')).toBe('true');

    // Stopping monitoring in batch asks first; cancelled, the device stays on the monitored list.
    await table.locator(`tr[data-row-key="${first.id}"] input[type="checkbox"]`).check();
    await page.getByTestId('device-batch-monitor').click();
    const ask = page.locator('.ant-popconfirm:visible');
    await ask.waitFor();
    expect(await ask.textContent()).toContain('1');
    await ask
      .locator('.ant-btn')
      .filter({ hasNotText: zhDevice['device.confirm.batchUnmonitorOk'] })
      .first()
      .click();
    await ask.waitFor({ state: 'hidden' });
    expect(await table.locator(`tr[data-row-key="${first.id}"]`).count()).toBe(1);
    await context.close();
  }, 240_000);
});
