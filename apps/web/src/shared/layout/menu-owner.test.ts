import { COMPANY_PERMISSION_TREE, codesOf, MODULE, PAGE } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { companyRoutes } from '@/company/routes';
import { buildMenu } from '../routes/menu';
import { flattenRoutes } from '../routes/route-table';
import { menuKeyOf } from './menu-owner';

const pages = flattenRoutes(companyRoutes);
const pageAt = (fullPath: string) => {
  const page = pages.find((p) => p.fullPath === fullPath);
  if (!page) throw new Error(`no page ${fullPath} in the company route table`);
  return page;
};
const everything = buildMenu(companyRoutes, new Set(codesOf(COMPANY_PERMISSION_TREE).authorities));

describe('menuKeyOf', () => {
  it('highlights a page the menu shows as itself', () => {
    expect(menuKeyOf(everything, pageAt('/device/gateway.html'))).toBe('/device/gateway.html');
    expect(menuKeyOf(everything, pageAt('/dashboard/dashboard.html'))).toBe('/dashboard/dashboard.html');
  });

  it("highlights the module's list for a hidden page of the module", () => {
    expect(menuKeyOf(everything, pageAt('/stores/store/:id.html'))).toBe('/stores/index.html');
    expect(menuKeyOf(everything, pageAt('/device/details.html'))).toBe('/device/index.html');
    expect(menuKeyOf(everything, pageAt('/monitor-screen/region.html'))).toBe('/monitor-screen/index.html');
    expect(menuKeyOf(everything, pageAt('/monitor-screen/city.html'))).toBe('/monitor-screen/index.html');
    expect(menuKeyOf(everything, pageAt('/user/update.html'))).toBe('/user/index.html');
  });

  it('prefers the index page beside a hidden page in a sub-folder of its group', () => {
    expect(menuKeyOf(everything, pageAt('/config/alarm/details.html'))).toBe('/config/alarm/index.html');
  });

  it("falls back to the group's first page when the group has no index page", () => {
    expect(menuKeyOf(everything, pageAt('/task/detail.html'))).toBe('/task/task-list.html');
  });

  it("uses the pages the user's menu shows, and nothing when the module is not in it", () => {
    const deviceOnly = buildMenu(companyRoutes, new Set([MODULE.device, PAGE.gateway]));
    expect(menuKeyOf(deviceOnly, pageAt('/device/details.html'))).toBe('/device/gateway.html');
    expect(menuKeyOf(deviceOnly, pageAt('/stores/store/:id.html'))).toBe('');
    expect(menuKeyOf(everything, null)).toBe('');
  });
});
