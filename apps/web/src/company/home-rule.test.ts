// Where the company console opens (docs/decisions/alert-overview.md "Home rule"): the alert overview for
// users who hold it and not the monitored device list; otherwise the first page of the menu as before.
import { MODULE, PAGE } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { firstPermittedPath } from '../shared/routes/menu';
import { companyRoutes } from './routes';

const home = (codes: string[]) => firstPermittedPath(companyRoutes, new Set(codes));

describe('the company console home', () => {
  it('opens to the alert overview for an alert user without the device list, even with stores', () => {
    expect(home([MODULE.store, PAGE.storeOverview, MODULE.alert, PAGE.alertStore])).toBe(
      '/alerts/index.html',
    );
  });
  it('keeps the menu order for a user who holds the device list', () => {
    expect(
      home([
        MODULE.store,
        PAGE.storeOverview,
        MODULE.device,
        PAGE.deviceMonitored,
        MODULE.alert,
        PAGE.alertStore,
      ]),
    ).toBe('/stores/index.html');
  });
  it('does not send a monitor-log-only user to the overview they cannot open', () => {
    expect(home([MODULE.alert, PAGE.alertDynamic])).toBe('/alerts/monitor-log.html');
  });
});
