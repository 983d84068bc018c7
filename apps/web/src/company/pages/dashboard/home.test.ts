// Where the company console opens for dashboard holders (docs/decisions/dashboards.md).
import { MODULE, PAGE } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';
import { companyRoutes } from '@/company/routes';
import { firstPermittedPath } from '@/shared/routes/menu';

const home = (codes: string[]) => firstPermittedPath(companyRoutes, new Set(codes));

describe('the company console home for dashboard holders', () => {
  it('opens to the dashboard, ahead of the monitor screen, stores and alerts', () => {
    expect(
      home([
        MODULE.monitorScreen,
        MODULE.dashboard,
        MODULE.store,
        PAGE.storeOverview,
        MODULE.alert,
        PAGE.alertStore,
      ]),
    ).toBe('/dashboard/dashboard.html');
  });
  it('opens a monitor-screen-only user on the screen', () => {
    expect(home([MODULE.monitorScreen])).toBe('/monitor-screen/index.html');
  });
});
