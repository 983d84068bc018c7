// "A user who may not edit does not reach an editable form" (issue 10): every add/edit form page of
// both route tables names the button code that opens it, so PageGate shows 403 without it.
import { ADMIN_PERMISSION_TREE, BUTTON, COMPANY_PERMISSION_TREE, codesOf } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { adminRoutes } from '@/admin/routes';
import { companyRoutes } from '@/company/routes';
import { flattenRoutes } from './route-table';

describe.each([
  ['company', companyRoutes, COMPANY_PERMISSION_TREE],
  ['admin', adminRoutes, ADMIN_PERMISSION_TREE],
] as const)('the %s form pages', (_name, routes, tree) => {
  const forms = flattenRoutes(routes).filter((flat) => /\/(save|update)\.html$/.test(flat.fullPath));

  it('need the button code of the form, a code the permission tree defines', () => {
    expect(forms.length).toBeGreaterThan(0);
    const known = new Set(codesOf(tree).buttonAuthorities);
    for (const flat of forms) {
      expect(flat.route.buttonCodes ?? [], flat.fullPath).not.toEqual([]);
      for (const code of flat.route.buttonCodes ?? [])
        expect(known.has(code), `${flat.fullPath}: ${code}`).toBe(true);
    }
  });
});

describe('the device edit page', () => {
  it('needs the device update code, and the add page the device add code', () => {
    const byPath = new Map(flattenRoutes(companyRoutes).map((flat) => [flat.fullPath, flat.route]));
    expect(byPath.get('/device/update.html')?.buttonCodes).toEqual([BUTTON.deviceUpdate]);
    expect(byPath.get('/device/save.html')?.buttonCodes).toEqual([BUTTON.deviceAdd]);
    // A positive control: a page that is not a form needs no button code.
    expect(byPath.get('/device/details.html')?.buttonCodes).toBeUndefined();
  });
});
