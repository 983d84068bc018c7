/**
 * The signed-in user's own corner of the console: changing one's password from the user menu (a wrong
 * current password and the server's reason for refusing a new one are marked on their fields; a right
 * change keeps this browser signed in), the header's
 * global search jumping to a device, and the operation log showing sign-ins by name and outcome in words.
 */

import { describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, useConsole } from './harness';

/** The demo's back-office PCs (see alerts.e2e.ts). */
const PC_NAME = '后台电脑';
const WAIT = { timeout: 15_000 };
/** Each test signs in (twice for the password) on a machine other tests share: allow for a slow one. */
const SLOW_TEST_MS = 180_000;
/** The operator's new password: the first one tried contains the user name, which the server refuses. */
const NEW_PASSWORD = 'East-Ops#2027';

const app = useConsole();

describe('the account corner', () => {
  it(
    'changes the own password from the user menu, marking a wrong current password on its field',
    async () => {
      const { context, page } = await app.openPage();
      try {
        await app.signIn(page, 'operator');
        await page.getByTestId('user-menu').click();
        await page.getByTestId('change-password').click();
        const modal = page.getByTestId('change-password-modal');
        await page.getByTestId('change-password-current').fill('not-my-password');
        await page.getByTestId('change-password-new').fill('Operator#2027');
        await page.getByTestId('change-password-confirm').fill('Operator#2027');
        await page.locator('.ant-modal-footer .ant-btn-primary').click();
        await modal.getByText('当前密码不正确').waitFor(WAIT);

        // The server's reason for refusing a new password shows on its field.
        await page.getByTestId('change-password-current').fill(DEMO_PASSWORD);
        await page.locator('.ant-modal-footer .ant-btn-primary').click();
        await modal.getByText('不能包含用户名').waitFor(WAIT);

        await page.getByTestId('change-password-new').fill(NEW_PASSWORD);
        await page.getByTestId('change-password-confirm').fill(NEW_PASSWORD);
        await page.locator('.ant-modal-footer .ant-btn-primary').click();
        await modal.waitFor({ state: 'hidden', ...WAIT });
        // The console says so once the fresh session is stored.
        await page.locator('.ant-message', { hasText: '密码已修改' }).waitFor(WAIT);
        // Still signed in, with the fresh session, after a reload too.
        await page.reload();
        await page.getByTestId('side-menu').waitFor(WAIT);
        await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('华东运维员');

        const other = await app.openPage();
        try {
          await app.signIn(other.page, 'operator', { password: NEW_PASSWORD });
        } finally {
          await other.context.close();
        }
      } finally {
        await context.close();
      }
    },
    SLOW_TEST_MS,
  );

  it(
    'jumps from the header search to a device found by name',
    async () => {
      const { context, page } = await app.openPage();
      try {
        await app.signIn(page, 'admin');
        await page.getByTestId('header-search-input').fill(PC_NAME);
        const hit = page.getByTestId('header-search-device').first();
        await hit.waitFor(WAIT);
        await hit.click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/device/details.html');
        expect(new URL(page.url()).searchParams.get('deviceId')).toMatch(/^\d+$/);
      } finally {
        await context.close();
      }
    },
    SLOW_TEST_MS,
  );

  it(
    'lists sign-ins in the operation log by name, with their outcome in words',
    async () => {
      const { context, page } = await app.openPage();
      try {
        await app.signIn(page, 'admin');
        await page.goto(`${app.url}/operation-log/index.html`);
        const table = page.getByTestId('operation-log-table');
        await table.locator('tbody tr.ant-table-row').first().waitFor(WAIT);
        const row = table.locator('tbody tr.ant-table-row', { hasText: '登录' }).first();
        await row.waitFor(WAIT);
        await expect(row.getByTestId('operation-log-outcome').textContent()).resolves.toBe('成功');
      } finally {
        await context.close();
      }
    },
    SLOW_TEST_MS,
  );
});
