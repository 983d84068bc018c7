/**
 * The console shells as a person meets them (issue 2): signing in to each application, menus that follow
 * the user's codes, the language switch, the dark default theme, the not-found page and a 401 sign-out.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { useConsole } from './harness';

const app = useConsole();

/** Signs in through the form of `/sign.html` (or `/admin/sign.html`) and returns the token the server issued. */

/** Switches the console to English once the shell has finished loading (the switcher re-renders while it loads). */
async function switchToEnglish(page: Page): Promise<void> {
  await page.getByTestId('side-menu').waitFor();
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-en-US').click();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toMatch(/^en/);
}

async function menuItems(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await menu.waitFor();
  const ids = await menu
    .locator('[data-testid^="menu:"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice('menu:'.length));
}

describe('company application', () => {
  it('signs the customer admin in, in Chinese and the dark theme by default', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    await page.getByTestId('side-menu').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/sign.html');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('操作日志');
    expect(await menuItems(page)).toContain('/operation-log/index.html');
    await context.close();
  });

  it('switches the menu to English and remembers the choice and the theme', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'admin');
    await switchToEnglish(page);
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('Operation log');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.reload();
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('Operation log');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await context.close();
  });

  it('shows the operator only the modules its role grants', async () => {
    // Modules are compared by their first path segment: a collapsed group does not render its pages.
    const modulesOf = (paths: string[]) => new Set(paths.map((p) => `/${p.split('/')[1]}`));
    const admin = await app.openPage();
    await app.signIn(admin.page, 'admin');
    const adminModules = modulesOf(await menuItems(admin.page));
    await admin.context.close();

    const operator = await app.openPage();
    await app.signIn(operator.page, 'operator');
    await operator.page.waitForURL((url) => url.pathname !== '/sign.html');
    const operatorModules = modulesOf(await menuItems(operator.page));
    expect(adminModules).toContain('/operation-log');
    expect(adminModules).toContain('/user');
    expect(operatorModules).toContain('/stores');
    expect(operatorModules).not.toContain('/operation-log');
    expect(operatorModules).not.toContain('/user');
    expect(operatorModules).not.toContain('/role');
    for (const module of operatorModules) expect(adminModules).toContain(module);
    await operator.context.close();
  });

  it('shows the not-found page for an unknown route', async () => {
    const { context, page } = await app.openPage('en-US');
    await app.signIn(page, 'admin');
    await switchToEnglish(page);
    await page.goto(`${app.url}/no/such/page.html`);
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    const text = (await notFound.textContent()) ?? '';
    expect(text).toContain('Page Not Found');
    expect(text).toContain('SORRY, SOMETHING WENT WRONG – WE APOLOGIZE FOR ANY INCONVENIENCE.');
    expect(text).toContain('Back prev page');
    await context.close();
  });

  it('signs the user out when the server answers 401', async () => {
    const { context, page } = await app.openPage();
    const token = await app.signIn(page, 'admin');
    await page.getByTestId('side-menu').waitFor();
    // The token is revoked behind the browser's back, as when an administrator ends the session.
    const logout = await fetch(`${app.url}/api/user-service/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/sign.html');
    await page.getByTestId('sign-form').waitFor();
    await page.reload();
    // The session is gone from storage too: a reload stays on the sign page.
    await page.getByTestId('sign-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign.html');
    await context.close();
  });
});

describe('admin application', () => {
  it('signs the platform user in to the admin console', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'platform', { signPath: '/admin/sign.html' });
    await page.getByTestId('side-menu').waitFor();
    expect(new URL(page.url()).pathname.startsWith('/admin/')).toBe(true);
    // Menu paths are relative to the admin application's base, /admin.
    expect(await menuItems(page)).toContain('/operation-log/index.html');
    await context.close();
  });

  it('sends a platform user who signs in on the company page to the admin console', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page, 'platform');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/'));
    await page.getByTestId('side-menu').waitFor();
    await context.close();
  });
});
