/**
 * Stores, hierarchy and net-test addresses as a person uses them (issue 3): the store overview with
 * the region cascader, adding a store, the scoped operator's view, the level editor's refusals and the
 * admin application's net-test addresses.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { useConsole } from './harness';

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
