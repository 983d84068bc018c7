/**
 * Box software versions on the demo (issue 14): the platform uploads a package in the admin console
 * (progress, then the list shows it with the server's SHA-256); the company admin pushes it in waves of
 * one to two stores whose first is 南京中山路店, whose simulated box corrupts its download (the demo's
 * checksum-mismatch box): wave 1 fails, the run halts, the page shows why, and the second store's box
 * is never sent the command.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  type Device,
  DeviceEndpoints,
  type PagedResult,
  ProductType,
  type UpgradeRun,
  type Version,
  VersionEndpoints,
} from '@storefleet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { useConsole } from './harness';

const app = useConsole({ SIMULATOR: '1' });
const LONG = { timeout: 90_000, interval: 1_000 };

async function pick(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${text}`) })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

describe('box software versions on the demo', () => {
  it('uploads a version, pushes it in waves and halts on the corrupted download', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 5);
    const file = join(mkdtempSync(join(tmpdir(), 'storefleet-version-e2e-')), 'agent-3.0.0.pkg');
    writeFileSync(file, bytes);

    const admin = await app.openPage();
    const platform = await app.signIn(admin.page, 'platform', { signPath: '/admin/sign.html' });
    await admin.page.goto(`${app.url}/admin/agent-version/new.html`);
    await admin.page.getByTestId('version-number').fill('3.0.0');
    await admin.page.getByTestId('version-notes').fill('e2e package');
    await admin.page.locator('input[type=file]').setInputFiles(file);
    await admin.page.getByTestId('version-submit').click();
    await admin.page.waitForURL((url) => url.pathname.endsWith('/admin/agent-version/index.html'), {
      timeout: 60_000,
    });
    const sha = createHash('sha256').update(bytes).digest('hex');
    const listed = await app.call<PagedResult<Version>>(VersionEndpoints.versionList, { token: platform });
    expect(listed.list[0]).toMatchObject({ number: '3.0.0', sha256: sha, size: bytes.length });
    await expect
      .poll(
        () => admin.page.getByTestId('version-table').locator('tr.ant-table-row').first().textContent(),
        LONG,
      )
      .toContain(sha.slice(0, 16));
    await admin.page.getByTestId('version-current-3.0.0').click();
    await expect
      .poll(
        async () =>
          (await app.call<PagedResult<Version>>(VersionEndpoints.versionList, { token: platform })).list[0]
            ?.current,
        LONG,
      )
      .toBe(true);
    await admin.context.close();

    const company = await app.openPage();
    const token = await app.signIn(company.page, 'admin');
    // The simulated boxes link within a minute of start-up; a box not linked yet would fail "not connected".
    await expect
      .poll(async () => {
        const online = await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
          token,
          query: { productId: ProductType.AI_BOX, onlineStatus: 1, pageNum: 1, pageSize: 100 },
        });
        const stores = new Set(online.list.map((d) => d.shopName));
        return stores.has('南京中山路店') && stores.has('南京人民路店');
      }, LONG)
      .toBe(true);
    await company.page.goto(`${app.url}/version/index.html`);
    await pick(company.page, 'upgrade-stores', '南京中山路店');
    await pick(company.page, 'upgrade-stores', '南京人民路店');
    await company.page
      .locator('input[data-testid="upgrade-wave-size"], [data-testid="upgrade-wave-size"] input')
      .first()
      .fill('1');
    await company.page.getByTestId('upgrade-start').click();
    const halt = company.page.getByTestId('upgrade-halt-reason');
    await halt.waitFor({ timeout: 120_000 });
    const runs = await app.call<PagedResult<UpgradeRun>>(VersionEndpoints.upgradeList, { token });
    expect(runs.list[0]).toMatchObject({
      status: 'halted',
      versionNumber: '3.0.0',
      waveCount: 2,
      failedCount: 1,
    });
    expect(runs.list[0]?.haltReason).toContain('Wave 1 of 2: 1 of 1 boxes failed');
    // The page tells the halt in the console's language, from the run's figures.
    await expect.poll(() => halt.textContent(), LONG).toContain('第 1 / 2 批中 1 / 1 台盒子失败（100 %）');
    const boxes = await company.page
      .getByTestId('upgrade-boxes')
      .locator('tr.ant-table-row')
      .allTextContents();
    expect(boxes).toHaveLength(2);
    expect(boxes.find((r) => r.includes('南京中山路店'))).toMatch(
      /失败.*Checksum mismatch|Checksum mismatch/,
    );
    expect(boxes.find((r) => r.includes('南京人民路店'))).toContain('等待中');
    await company.page.screenshot({ path: '/tmp/versions-halted.png', fullPage: true });
    await company.context.close();
  }, 300_000);
});
