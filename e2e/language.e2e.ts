/**
 * The language walk (issue 10): every page of both route tables, read from the tables themselves, in
 * the Chinese and in the English console. Outside data, the Chinese console shows no English word
 * and the English console no Chinese character.
 *
 * Data is what a company or a device typed and is shown as it is in either language; it is skipped:
 * - table body cells (`.ant-table-tbody`), description values (`.ant-descriptions-item-content`),
 *   tree node titles (the company's level names), selected values of selects, inputs' values;
 * - anything inside an element marked `data-cell` (e.g. the signed-in user's name in the header).
 * Headers, labels, buttons, menus, titles, empty states, notices and placeholders are all checked.
 */
import {
  AlertEndpoints,
  AlertSenderEndpoints,
  type AnyEndpoint,
  DeviceEndpoints,
  DeviceSystem,
  RoleEndpoints,
  StoreEndpoints,
  UserEndpoints,
} from '@storefleet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { adminRoutes } from '../apps/web/src/admin/routes';
import { companyRoutes } from '../apps/web/src/company/routes';
import { type AppRoute, flattenRoutes } from '../apps/web/src/shared/routes/route-table';
import { useConsole } from './harness';

/**
 * The only ASCII words the Chinese console may show outside data: proper nouns and acronyms that
 * Chinese text writes in Latin letters too. One place; add a word only if Chinese writes it so.
 */
const LATIN_IN_CHINESE = new Set([
  'Storefleet', // the product's name
  'IP',
  'MAC',
  'SNMP',
  'Syslog',
  'ICMP',
  'TCP',
  'UDP',
  'HTTP',
  'HTTPS',
  'URL',
  'ID',
  'SN',
  'POS',
  'PC',
  'PDA',
  'CPU',
  'AI',
  'AP',
  'WiFi',
  'Wi',
  'Fi',
  'Ping',
  'ping',
  'Excel',
  'WPS',
  'xlsx',
  'PNG',
  'JPEG',
  'WebP',
  'SHA', // SHA-256, the checksum of a box software package
  'KB',
  'MB',
  'GB',
  'MiB',
  'KiB',
  'ms',
  'HH',
  'mm',
  'ss',
  'YYYY',
  'MM',
  'DD',
  'Android',
  'Windows',
  'Linux',
  'iOS',
  'UPS',
  'NVR',
  'RSSI',
  'dBm',
  'Mbps',
  'udp',
  'Agent', // connect types: the agent products' names
  'EAgent',
  'EQ',
  'LT',
  'GT',
]);

/** The parts of a page that are data (see the header comment). */
const DATA_SELECTOR = [
  '[data-cell]',
  // Names shown outside tables: the signed-in user, a store's or a device's own name.
  '[data-testid="user-menu"]',
  '[data-testid="dynamic-monitor-store-name"]',
  '[data-testid="device-header-name"]',
  '[data-testid="device-header-store"]',
  '.ant-table-tbody',
  '.ant-descriptions-item-content',
  '.ant-tree-title',
  '.ant-select-selection-item',
  '.ant-select-selection-overflow',
  '.ant-select-item-option-content',
  '.ant-cascader-menu-item-content',
  'input',
  'textarea',
  'script',
  'style',
  'noscript',
].join(',');

/** The hidden pages that need an id: which list gives one, and the query or path it goes into. */
const ID_SOURCES: { prefix: string; list: AnyEndpoint; param: string; android?: boolean }[] = [
  { prefix: '/stores/', list: StoreEndpoints.list, param: 'id' },
  { prefix: '/dynamic-monitor/store/', list: StoreEndpoints.list, param: ':id' },
  { prefix: '/device/android-info', list: DeviceEndpoints.listDevices, param: 'deviceId', android: true },
  { prefix: '/device/update', list: DeviceEndpoints.listDevices, param: 'id' },
  { prefix: '/device/', list: DeviceEndpoints.listDevices, param: 'deviceId' },
  { prefix: '/alarm-rules/', list: AlertEndpoints.listAlertRules, param: 'id' },
  { prefix: '/config/alarm/', list: AlertSenderEndpoints.querySender, param: 'id' },
  { prefix: '/user/', list: UserEndpoints.listUsers, param: 'id' },
  { prefix: '/role/', list: RoleEndpoints.listRoles, param: 'id' },
];

interface Console {
  name: string;
  base: string;
  user: string;
  routes: readonly AppRoute[];
}

const CONSOLES: Console[] = [
  { name: 'company console', base: '', user: 'admin', routes: companyRoutes },
  { name: 'admin console', base: '/admin', user: 'platform', routes: adminRoutes },
];

const app = useConsole();

async function useLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  const current = await page.locator('html').getAttribute('lang');
  if (current?.startsWith(language.slice(0, 2))) return;
  await page.getByTestId('language-switcher').click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect
    .poll(() => page.locator('html').getAttribute('lang'))
    .toMatch(new RegExp(`^${language.slice(0, 2)}`));
}

/**
 * The first id (an Android device's for android-info) the list call gives the signed-in user; null when
 * the user has none (the page is then walked in its not-found state).
 */
async function firstId(token: string, source: (typeof ID_SOURCES)[number]): Promise<number | null> {
  const res = await fetch(`${app.url}${source.list.path}?pageNum=1&pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    data: { list: { id?: number; deviceId?: number; deviceSystem?: number }[] };
  };
  const list = body.data.list ?? [];
  const row = source.android ? list.find((d) => d.deviceSystem === DeviceSystem.ANDROID) : list[0];
  return row?.id ?? row?.deviceId ?? null;
}

/** The URLs of every page of the table, ids filled in from the user's own data. */
async function pageUrls(c: Console, token: string): Promise<string[]> {
  const urls: string[] = [];
  for (const { fullPath, route } of flattenRoutes(c.routes)) {
    const needsId =
      fullPath.includes(':id') || /\/(update|details|android-info|syslog)\.html$/.test(fullPath);
    const source = needsId ? ID_SOURCES.find((s) => fullPath.startsWith(s.prefix)) : undefined;
    if (needsId && !source) throw new Error(`no id source for ${fullPath} (${route.titleKey})`);
    if (!source) {
      urls.push(`${c.base}${fullPath}`);
      continue;
    }
    const id = (await firstId(token, source)) ?? 1;
    urls.push(
      source.param === ':id'
        ? `${c.base}${fullPath.replace(':id', String(id))}`
        : `${c.base}${fullPath}?${source.param}=${id}`,
    );
  }
  return urls;
}

/** Visible texts of the page outside data, with placeholders and titles of what is visible. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate((dataSelector) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest(dataSelector)) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      texts.push(text);
    }
    for (const el of document.querySelectorAll<HTMLElement>('[placeholder]')) {
      if (el.closest('[data-cell]') || !el.checkVisibility()) continue;
      const placeholder = el.getAttribute('placeholder')?.trim();
      if (placeholder) texts.push(placeholder);
    }
    return texts;
  }, DATA_SELECTOR);
}

/** The texts that read in the other language: English words in Chinese, Chinese characters in English. */
function foreign(texts: readonly string[], language: 'zh-CN' | 'en-US'): string[] {
  if (language === 'en-US') return texts.filter((t) => /[\u3400-\u9fff\uf900-\ufaff]/.test(t));
  return texts.filter((t) => (t.match(/[A-Za-z]+/g) ?? []).some((word) => !LATIN_IN_CHINESE.has(word)));
}

/** Waits until the page has drawn: the shell, then no spinner or skeleton left. */
async function settled(page: Page): Promise<void> {
  await page.getByTestId('side-menu').waitFor();
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count()).toBe(0);
}

describe.each(CONSOLES)('the language walk of the $name', (c) => {
  it('shows every page in one language, Chinese then English', { timeout: 600_000 }, async () => {
    const { context, page } = await app.openPage('zh-CN');
    const token = await app.signIn(page, c.user, { signPath: `${c.base}/sign.html` });
    const urls = await pageUrls(c, token);
    expect(urls.length).toBeGreaterThan(3);
    const offending: string[] = [];
    for (const language of ['zh-CN', 'en-US'] as const) {
      await useLanguage(page, language);
      for (const url of urls) {
        await page.goto(`${app.url}${url}`);
        await settled(page);
        await useLanguage(page, language);
        const found = [...new Set(foreign(await visibleTexts(page), language))];
        if (process.env.WALK_LOG) process.stderr.write(`walk ${language} ${url}: ${JSON.stringify(found)}\n`);
        for (const text of found) offending.push(`${language} ${url}: ${text}`);
      }
    }
    await context.close();
    expect(offending).toEqual([]);
  });
});

describe('a change of language', () => {
  it("asks the shown data again: the stores list's regions switch to their English names", async () => {
    const { context, page } = await app.openPage('zh-CN');
    await app.signIn(page, 'admin');
    await page.goto(`${app.url}/stores/index.html`);
    await settled(page);
    const table = page.getByTestId('store-table');
    await expect.poll(() => table.textContent()).toContain('华东大区');
    await useLanguage(page, 'en-US');
    await expect.poll(() => table.textContent()).toContain('East China');
    expect(await table.textContent()).not.toContain('华东大区');
    await context.close();
  });
});
