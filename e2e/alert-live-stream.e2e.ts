/**
 * One live-updates connection per page (issue 11 "Pages"): on the alert overview the header's
 * open-alerts badge and the overview's own list listen to the same stream, so the page opens one
 * connection, not two; moving inside the console to the monitor log (the badge stays) keeps it.
 */
import { MonitoringEndpoints } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { useConsole } from './harness';

const app = useConsole({
  SIMULATOR: '0',
  ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
});

/** Long enough for a second subscriber's connection to have opened, had it opened one. */
const SETTLE_MS = 4_000;

describe('live-updates connections', () => {
  it('opens one stream on the alert overview for the badge and the list, and keeps it across pages', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page);
    const streams: string[] = [];
    const tickets: string[] = [];
    page.on('request', (request) => {
      // Only the alert pages' requests: signing in returns before the console has navigated to its
      // landing page, whose own badge stream may start after this listener (a loaded machine).
      if (!new URL(page.url()).pathname.startsWith('/alerts/')) return;
      const path = new URL(request.url()).pathname;
      if (path === MonitoringEndpoints.events.path) streams.push(request.url());
      if (path === MonitoringEndpoints.eventsTicket.path) tickets.push(request.url());
    });

    await page.goto(`${app.url}/alerts/index.html`);
    await page.getByTestId('alert-overview-table').waitFor();
    await page.getByTestId('open-alerts-badge').waitFor();
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    await page.waitForTimeout(SETTLE_MS);
    expect(streams).toHaveLength(1);
    expect(tickets).toHaveLength(1);

    // Inside the console (no reload): the monitor log listens too; the badge never stopped.
    await page.getByTestId('side-menu').getByText('动态监控日志', { exact: true }).click();
    await page.waitForURL(/\/alerts\/monitor-log\.html/);
    await page.waitForTimeout(SETTLE_MS);
    expect(streams).toHaveLength(1);
    expect(tickets).toHaveLength(1);
    await context.close();
  }, 120_000);
});
