import {
  ADMIN_PERMISSION_TREE,
  BUTTON,
  COMPANY_PERMISSION_TREE,
  MODULE,
  PAGE,
  type PermissionNode,
} from '@storefleet/contracts';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';

import { adminRoutes } from '@/admin/routes';
import { companyRoutes } from '@/company/routes';
import { type AppRoute, flattenRoutes } from '@/shared/routes/route-table';
import { offeredTree, routeCodes, splitCodes, toggleCode } from './permission-tree';

const codesIn = (nodes: readonly PermissionNode[]): string[] =>
  nodes.flatMap((n) => [n.code, ...codesIn(n.children ?? [])]);

describe('the role editor permission tree', () => {
  it('checks the page and module above a checked button', () => {
    const codes = toggleCode(COMPANY_PERMISSION_TREE, [], 'user:add', true);
    expect(new Set(codes)).toEqual(new Set(['user:add', 'user-list-view', 'user-management']));
  });

  it('unchecks everything below an unchecked module and keeps the rest', () => {
    const start = ['user:add', 'user-list-view', 'user-management', 'dashboard'];
    expect(toggleCode(COMPANY_PERMISSION_TREE, start, 'user-management', false)).toEqual(['dashboard']);
  });

  it('splits checked codes into menu codes and button codes, ignoring codes not in the tree', () => {
    const split = splitCodes(COMPANY_PERMISSION_TREE, [
      'user:add',
      'user-list-view',
      'user-management',
      'nope',
    ]);
    expect(split).toEqual({
      authorities: ['user-management', 'user-list-view'],
      buttonAuthorities: ['user:add'],
    });
  });

  it.each([
    ['company', companyRoutes, COMPANY_PERMISSION_TREE],
    ['admin', adminRoutes, ADMIN_PERMISSION_TREE],
  ] as const)(
    'offers in the %s application only menu codes some page of its route table needs',
    (_n, routes, tree) => {
      const offered = offeredTree(tree, routeCodes(routes));
      const needed = new Set(flattenRoutes(routes).flatMap((r) => r.codes));
      const menuCodes = (nodes: readonly PermissionNode[]): string[] =>
        nodes.flatMap((n) => [...(n.kind === 'button' ? [] : [n.code]), ...menuCodes(n.children ?? [])]);
      expect(menuCodes(offered).filter((c) => !needed.has(c))).toEqual([]);
      // Every page of the table can be granted: none of its codes is missing from the editor.
      expect([...needed].filter((c) => !codesIn(offered).includes(c))).toEqual([]);
    },
  );

  it('leaves out a page that has no route yet, with its buttons, and keeps the pages that have one', () => {
    const page = lazy(async () => ({ default: () => null }));
    const routes: AppRoute[] = [
      {
        path: 'device',
        titleKey: 'menu.device',
        codes: [MODULE.device],
        children: [
          { path: 'index.html', titleKey: 'menu.device.monitored', codes: [PAGE.deviceMonitored], page },
        ],
      },
    ];
    const offered = codesIn(offeredTree(COMPANY_PERMISSION_TREE, routeCodes(routes)));
    expect(offered).toEqual(expect.arrayContaining([MODULE.device, PAGE.deviceMonitored, BUTTON.deviceAdd]));
    expect(offered).not.toContain(PAGE.deviceInventory);
    expect(offered).not.toContain(BUTTON.inventoryImport);
    expect(offered).not.toContain(MODULE.store);
  });

  it('keeps a held code the editor does not offer when the role is saved', () => {
    const offered = offeredTree(COMPANY_PERMISSION_TREE, new Set([MODULE.user, PAGE.userList]));
    expect(codesIn(offered)).not.toContain(PAGE.deviceInventory);
    // The role holds the inventory page; the user checks "add user" in the offered tree.
    const held = [MODULE.device, PAGE.deviceInventory, BUTTON.inventoryImport];
    const next = toggleCode(COMPANY_PERMISSION_TREE, held, BUTTON.userAdd, true);
    const saved = splitCodes(COMPANY_PERMISSION_TREE, next);
    expect(saved.authorities).toEqual(
      expect.arrayContaining([MODULE.device, PAGE.deviceInventory, MODULE.user, PAGE.userList]),
    );
    expect(saved.buttonAuthorities).toEqual(expect.arrayContaining([BUTTON.inventoryImport, BUTTON.userAdd]));
  });
});
