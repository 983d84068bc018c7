/**
 * Company settings in the browser (issue 3): the logo page's "Please wait uploading" rule, an upload with
 * preview that becomes the header logo, and the monitoring settings form refusing a bad value.
 */

import { describe, expect, it } from 'vitest';

import { pngImage } from '../apps/server/src/testing/test-images';
import { useConsole } from './harness';

const app = useConsole();

describe('company logo', () => {
  it('refuses to save before an upload finished, then shows the uploaded logo in the header', async () => {
    const { context, page } = await app.openPage('en-US');
    await app.signIn(page, 'admin');
    expect(await page.getByTestId('header-logo').getAttribute('data-logo')).toBe('product');
    await page.goto(`${app.url}/config/logo/index.html`);
    await page.getByTestId('logo-none').waitFor();

    await page.getByTestId('logo-submit').click();
    await expect
      .poll(() => page.locator('.ant-message').textContent())
      .toMatch(/Please wait uploading|请等待上传完成/);

    await page.locator('input[type=file]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: pngImage(160, 40, [200, 30, 30]),
    });
    await page.getByTestId('logo-preview').waitFor();
    await page.getByTestId('logo-submit').click();
    await page.getByTestId('logo-current').first().waitFor();
    await expect.poll(() => page.getByTestId('header-logo').getAttribute('data-logo')).toBe('company');
    const size = await page
      .getByTestId('header-logo-image')
      .evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(size).toBe(160);
    await context.close();
  });
});

describe('monitoring settings', () => {
  it('shows the defaults, refuses a probe interval under 10 seconds and saves a valid one', async () => {
    const { context, page } = await app.openPage('en-US');
    await app.signIn(page, 'admin');
    await page.goto(`${app.url}/config/monitor/index.html`);
    const probe = page.getByTestId('config-item:probe_interval_seconds').locator('input');
    await expect.poll(() => probe.inputValue()).toBe('60');
    await probe.fill('5');
    await page.getByTestId('config-save').click();
    await expect
      .poll(() => page.getByTestId('config-item:probe_interval_seconds').textContent())
      .toMatch(/10 (to|到) 3600/);

    await probe.fill('30');
    await page.getByTestId('config-save').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toMatch(/Settings saved|配置已保存/);
    await page.reload();
    const reloaded = page.getByTestId('config-item:probe_interval_seconds').locator('input');
    await expect.poll(() => reloaded.inputValue()).toBe('30');
    await context.close();
  });
});
