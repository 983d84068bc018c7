import { MODULE, PAGE } from '@storefleet/contracts';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';

import { buildMenu, firstPermittedPath, openGroupKeys } from './menu';
import type { AppRoute } from './route-table';

const page = lazy(() => Promise.resolve({ default: () => null }));

const ROUTES: AppRoute[] = [
  {
    path: 'device',
    titleKey: 'menu.device',
    codes: [MODULE.device],
    children: [
      { path: 'index.html', titleKey: 'menu.device.monitored', codes: [PAGE.deviceMonitored], page },
      { path: 'gateway.html', titleKey: 'menu.device.gateway', codes: [PAGE.gateway], page },
      { path: 'details.html', titleKey: 'menu.device.details', hidden: true, page },
    ],
  },
  { path: 'operation-log/index.html', titleKey: 'menu.operationLog', codes: [MODULE.callLog], page },
  { path: 'help', titleKey: 'menu.help', externalUrl: 'https://example.invalid/help' },
];

const keys = (entries: ReturnType<typeof buildMenu>): unknown =>
  entries.map((e) => (e.children ? { [e.key]: keys(e.children) } : e.key));

describe('buildMenu', () => {
  it('shows only the pages whose codes, and whose module codes, the user holds', () => {
    const menu = buildMenu(ROUTES, new Set([MODULE.device, PAGE.gateway]));
    expect(keys(menu)).toEqual([{ '/device': ['/device/gateway.html'] }, 'https://example.invalid/help']);
  });

  it('leaves out a page when its module code is missing, even if the page code is held', () => {
    const menu = buildMenu(ROUTES, new Set([PAGE.deviceMonitored, MODULE.callLog]));
    expect(keys(menu)).toEqual(['/operation-log/index.html', 'https://example.invalid/help']);
  });

  it('never shows hidden pages', () => {
    const menu = buildMenu(ROUTES, new Set([MODULE.device, PAGE.deviceMonitored, PAGE.gateway]));
    expect(JSON.stringify(keys(menu))).not.toContain('details.html');
  });

  it('drops a module group whose pages are all out of reach', () => {
    const menu = buildMenu(ROUTES, new Set([MODULE.device]));
    expect(keys(menu)).toEqual(['https://example.invalid/help']);
  });

  it('marks external links so the menu opens them in a new tab', () => {
    const help = buildMenu(ROUTES, new Set()).find((e) => e.titleKey === 'menu.help');
    expect(help?.externalUrl).toBe('https://example.invalid/help');
  });

  it('opens the group that holds the current page', () => {
    const menu = buildMenu(ROUTES, new Set([MODULE.device, PAGE.gateway]));
    expect(openGroupKeys(menu, '/device/gateway.html')).toEqual(['/device']);
  });
});

describe('firstPermittedPath', () => {
  it('sends the user home to the first page they may open, in menu order', () => {
    expect(firstPermittedPath(ROUTES, new Set([MODULE.device, PAGE.gateway, MODULE.callLog]))).toBe(
      '/device/gateway.html',
    );
  });

  it('never picks a hidden page and gives null when nothing is permitted', () => {
    expect(firstPermittedPath(ROUTES, new Set([MODULE.device]))).toBeNull();
  });
});
