/**
 * Roles and users as a person uses them (issue 3): the company admin creates a role limited to one
 * region and a user holding it, through the pages; that user signs in and sees only that region's
 * stores, in the store overview and through the API.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { useConsole } from './harness';

const ROLE_NAME = '华北门店巡检';
const USER_NAME = 'north.viewer';
const USER_PASSWORD = 'North#2026view';
/** Cities of the demo North China region; 3 stores each. */
const NORTH_CITIES = ['北京', '天津', '石家庄'];
/** Pages load lazily and then fetch; give them time (as e2e/vitest.config.ts does for expect.poll). */
const WAIT = { timeout: 15_000 };

const app = useConsole();

/** Ticks the checkbox of the tree row titled `title` inside the tree `testId`. */
async function tick(page: Page, testId: string, title: string): Promise<void> {
  const row = page.getByTestId(testId).locator('.ant-tree-treenode', {
    has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }),
  });
  await row.locator('.ant-tree-checkbox').click();
}

describe('a role limited to one region', () => {
  it('is created in the role page, given to a new user, and limits what that user sees', async () => {
    const admin = await app.openPage();
    await app.signIn(admin.page, 'admin');

    await admin.page.goto(`${app.url}/role/index.html`);
    await admin.page.getByTestId('role-add').click();
    await admin.page.getByTestId('role-form-name').fill(ROLE_NAME);
    await tick(admin.page, 'role-form-permissions', '门店总览');
    await tick(admin.page, 'role-form-areas', '华北大区');
    await admin.page.getByTestId('role-form-submit').click();
    await admin.page.waitForURL((url) => url.pathname === '/role/index.html');
    await expect.poll(() => admin.page.getByTestId('role-table').textContent(), WAIT).toContain(ROLE_NAME);

    await admin.page.goto(`${app.url}/user/index.html`);
    await admin.page.getByTestId('user-add').click();
    await admin.page.getByTestId('user-form-user-name').fill(USER_NAME);
    await admin.page.getByTestId('user-form-name').fill('North Viewer');
    await admin.page.getByTestId('user-form-password').fill(USER_PASSWORD);
    await admin.page.getByTestId('user-form-role').click();
    await admin.page.locator('.ant-select-item-option', { hasText: ROLE_NAME }).click();
    await admin.page.getByTestId('user-form-submit').click();
    await admin.page.waitForURL((url) => url.pathname === '/user/index.html');
    await expect.poll(() => admin.page.getByTestId('user-table').textContent(), WAIT).toContain(USER_NAME);
    await admin.context.close();

    const viewer = await app.openPage();
    await app.signIn(viewer.page, USER_NAME, { password: USER_PASSWORD });
    const menu = await viewer.page.getByTestId('side-menu').textContent();
    expect(menu).not.toContain('用户管理');
    await viewer.page.goto(`${app.url}/stores/index.html?pageSize=50`);
    const table = viewer.page.getByTestId('store-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), WAIT).toBe(9);
    const text = (await table.textContent()) ?? '';
    for (const city of NORTH_CITIES) expect(text).toContain(city);
    for (const elsewhere of ['南京', '上海', '广州', '成都']) expect(text).not.toContain(elsewhere);
    await viewer.context.close();
  });

  it('gives the same answer through the API with that user token', async () => {
    const signInRes = await fetch(`${app.url}/api/user-service/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: USER_NAME, password: USER_PASSWORD }),
    });
    const token = ((await signInRes.json()) as { data: { accessToken: string } }).data.accessToken;
    const res = await fetch(`${app.url}/api/user-service/store/list`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const stores = ((await res.json()) as { data: { storeName: string; areaName?: string }[] }).data;
    expect(stores).toHaveLength(9);
    const names = stores.map((s) => s.storeName);
    expect(names.every((n) => /^(北京|天津|石家庄)/.test(n))).toBe(true);
  });
});

describe('the admin application', () => {
  it('lets a platform user create an admin role and a platform user holding it', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'platform', { signPath: '/admin/sign.html' });
    await page.goto(`${app.url}/admin/role/index.html`);
    await page.getByTestId('role-add').click();
    await page.getByTestId('role-form-name').fill('平台支持');
    await tick(page, 'role-form-permissions', '用户列表');
    await expect(page.getByTestId('role-form-areas').count()).resolves.toBe(0);
    await page.getByTestId('role-form-submit').click();
    await page.waitForURL((url) => url.pathname === '/admin/role/index.html');
    await expect.poll(() => page.getByTestId('role-table').textContent(), WAIT).toContain('平台支持');

    await page.goto(`${app.url}/admin/user/index.html`);
    await expect.poll(() => page.getByTestId('user-table').textContent(), WAIT).toContain('admin');
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-form-user-name').fill('support.one');
    await page.getByTestId('user-form-name').fill('Support One');
    await page.getByTestId('user-form-password').fill('Support#2026x');
    await page.getByTestId('user-form-role').click();
    await page.locator('.ant-select-item-option', { hasText: '平台支持' }).click();
    await page.getByTestId('user-form-submit').click();
    await page.waitForURL((url) => url.pathname === '/admin/user/index.html');
    await expect.poll(() => page.getByTestId('user-table').textContent(), WAIT).toContain('support.one');
    await context.close();
  });
});
