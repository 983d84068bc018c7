import { ADMIN_PERMISSION_TREE, COMPANY_PERMISSION_TREE, codesOf, MODULE, PAGE } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { adminRoutes } from '@/admin/routes';
import { companyRoutes } from '@/company/routes';
import { enUSModules } from '@/locales/en-US';
import { buildMenu } from './menu';
import { type AppRoute, flattenRoutes } from './route-table';

const walk = (routes: readonly AppRoute[]): AppRoute[] =>
  routes.flatMap((r) => [r, ...walk(r.children ?? [])]);

describe.each([
  ['company', companyRoutes, COMPANY_PERMISSION_TREE],
  ['admin', adminRoutes, ADMIN_PERMISSION_TREE],
] as const)('the %s route table', (_name, routes, tree) => {
  it('uses only menu codes that the permission tree of its application defines', () => {
    const known = new Set(codesOf(tree).authorities);
    const used = walk(routes).flatMap((r) => r.codes ?? []);
    expect(used.filter((code) => !known.has(code))).toEqual([]);
  });

  it('has a menu title in the locales for every entry', () => {
    const titles = new Set(Object.keys(enUSModules.menu ?? {}));
    expect(
      walk(routes)
        .filter((r) => !titles.has(r.titleKey))
        .map((r) => r.titleKey),
    ).toEqual([]);
  });

  it('shows the operation log to a user holding call-log and nothing to a user holding no codes', () => {
    expect(buildMenu(routes, new Set([MODULE.callLog])).map((e) => e.key)).toContain(
      '/operation-log/index.html',
    );
    expect(buildMenu(routes, new Set())).toEqual([]);
  });
});

describe('the stores module', () => {
  it('keeps its list, add, edit and level pages, titles and codes', () => {
    const pages = flattenRoutes(companyRoutes)
      .filter((r) => r.fullPath.startsWith('/stores/'))
      .map((r) => ({
        path: r.fullPath,
        title: r.route.titleKey,
        hidden: r.route.hidden ?? false,
        codes: r.codes,
      }));
    expect(pages).toEqual([
      {
        path: '/stores/index.html',
        title: 'menu.stores.overview',
        hidden: false,
        codes: [MODULE.store, PAGE.storeOverview],
      },
      {
        path: '/stores/save.html',
        title: 'menu.stores.save',
        hidden: true,
        codes: [MODULE.store, PAGE.storeOverview],
      },
      {
        path: '/stores/update.html',
        title: 'menu.stores.update',
        hidden: true,
        codes: [MODULE.store, PAGE.storeOverview],
      },
      {
        path: '/stores/level/index.html',
        title: 'menu.stores.level',
        hidden: false,
        codes: [MODULE.store, PAGE.levelSetting],
      },
      {
        path: '/stores/store/:id.html',
        title: 'menu.stores.dashboard',
        hidden: true,
        codes: [MODULE.store, PAGE.storeOverview],
      },
    ]);
  });
});
