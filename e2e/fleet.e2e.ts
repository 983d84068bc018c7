/**
 * The demo as a newcomer sees it after `npm start` (issue 4): the simulated fleet links to the server over
 * the real agent protocol, devices come online in the console within a minute, and a device's details show
 * its running info and answer a ping through its store's box.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { useConsole } from './harness';

const app = useConsole({ SIMULATOR: '1' });

async function onlineCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('device-count-online').textContent()) ?? '';
  return Number(text.replace(/\D/g, '') || '0');
}

describe('demo fleet', () => {
  it('shows devices coming online in the device list within a minute, without a reload', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page);
    await page.goto(`${app.url}/device/index.html`);
    await page.getByTestId('device-status-counts').waitFor();
    await expect.poll(() => onlineCount(page), { timeout: 60_000, interval: 1_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-testid^="device-online-"]').filter({ hasText: '在线' }).count(), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await context.close();
  }, 120_000);

  it('shows an online device its running info and pings it through the store box', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page);
    await page.goto(`${app.url}/device/index.html`);
    const online = page.locator('[data-testid^="device-online-"]').filter({ hasText: '在线' }).first();
    await online.waitFor({ timeout: 60_000 });
    const deviceId = ((await online.getAttribute('data-testid')) ?? '').slice('device-online-'.length);
    expect(deviceId).toMatch(/^\d+$/);

    await page.goto(`${app.url}/device/details.html?deviceId=${deviceId}`);
    const runningInfo = page.getByTestId('device-running-info');
    await runningInfo.waitFor();
    await expect.poll(() => runningInfo.locator('tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(0);

    await page.getByTestId('device-ping-run').click();
    const result = page.getByTestId('device-ping-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toMatch(/ms/);
    await context.close();
  }, 120_000);
});
