import { describe, expect, it } from 'vitest';

import { appForUserType, appPath, safeRedirect } from './app-kind';

describe('which application a user belongs in', () => {
  it('sends platform users to the admin application and every customer type to the company one', () => {
    expect(appForUserType(0)).toBe('admin');
    expect([1, 2, 3].map((type) => appForUserType(type as 1 | 2 | 3))).toEqual([
      'company',
      'company',
      'company',
    ]);
  });

  it('builds page paths under each application base', () => {
    expect(appPath('admin', 'sign.html')).toBe('/admin/sign.html');
    expect(appPath('company', '/device/index.html')).toBe('/device/index.html');
  });
});

describe('safeRedirect', () => {
  it('keeps paths inside the application, query included', () => {
    expect(safeRedirect('/operation-log/index.html?userName=ann')).toBe(
      '/operation-log/index.html?userName=ann',
    );
  });

  it('refuses targets that leave the site or loop back to sign-in', () => {
    for (const target of [
      'https://evil.invalid/',
      '//evil.invalid/x',
      '/\\evil.invalid',
      'javascript:alert(1)',
      '/sign.html',
    ]) {
      expect(safeRedirect(target), target).toBeNull();
    }
    expect(safeRedirect(null)).toBeNull();
  });
});
