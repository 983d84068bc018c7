import { COMPANY_PERMISSION_TREE } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { splitCodes, toggleCode } from './permission-tree';

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
});
