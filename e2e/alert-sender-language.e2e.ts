/**
 * Recipients' message language on the pages (issue 11): the recipient list and a recipient's details
 * name the language its messages are worded in, in the console's own language (Chinese and English
 * consoles), and the edit form opens on it.
 */
import {
  type AlertSender,
  AlertSenderEndpoints,
  type Device,
  DeviceEndpoints,
  type PagedResult,
} from '@storefleet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import enSenders from '../apps/web/src/locales/en-US/alert-senders';
import zhSenders from '../apps/web/src/locales/zh-CN/alert-senders';
import { useConsole } from './harness';

const app = useConsole();
const PAGE_WAIT = { timeout: 30_000 };
const WORDS = { 'zh-CN': zhSenders, 'en-US': enSenders } as const;

/** Switches the console's language with the header's switcher (as language.e2e.ts does). */
async function useLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  const current = await page.locator('html').getAttribute('lang');
  if (current?.startsWith(language.slice(0, 2))) return;
  await page.getByTestId('language-switcher').click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect
    .poll(() => page.locator('html').getAttribute('lang'))
    .toMatch(new RegExp(`^${language.slice(0, 2)}`));
}

async function addRecipient(token: string, name: string, language: 'zh-CN' | 'en-US'): Promise<AlertSender> {
  const devices = await app.call<PagedResult<Device>>(DeviceEndpoints.listDevices, {
    token,
    query: { pageNum: 1, pageSize: 1 },
  });
  const shopId = devices.list[0]?.shopId;
  if (shopId === undefined) throw new Error('the demo has no device');
  await app.call(AlertSenderEndpoints.addSender, {
    token,
    body: {
      name,
      email: `${name.toLowerCase()}@store.test`,
      sendType: [1],
      shopId: [String(shopId)],
      language,
    },
  });
  const found = await app.call<PagedResult<AlertSender>>(AlertSenderEndpoints.querySender, {
    token,
    query: { name, pageNum: 1, pageSize: 10 },
  });
  const [sender] = found.list;
  if (!sender) throw new Error(`recipient ${name} not found`);
  return sender;
}

describe('recipient message language', () => {
  it('is shown on the list and the details, in both console languages', async () => {
    const { context, page } = await app.openPage('zh-CN');
    const token = await app.signIn(page, 'admin');
    const english = await addRecipient(token, 'Langen', 'en-US');
    const chinese = await addRecipient(token, 'Langzh', 'zh-CN');
    await context.close();

    for (const console of ['zh-CN', 'en-US'] as const) {
      const words = WORDS[console];
      const { context: c, page: p } = await app.openPage(console);
      await app.signIn(p, 'admin');
      await useLanguage(p, console);
      await p.goto(`${app.url}/config/alarm/index.html`);
      await p.getByTestId('alert-sender-table').waitFor(PAGE_WAIT);
      await expect
        .poll(() => p.getByTestId(`alert-sender-language-${english.id}`).textContent(), PAGE_WAIT)
        .toBe(words['alertSenders.language.en-US']);
      expect(await p.getByTestId(`alert-sender-language-${chinese.id}`).textContent()).toBe(
        words['alertSenders.language.zh-CN'],
      );

      await p.goto(`${app.url}/config/alarm/details.html?id=${english.id}`);
      await p.getByTestId('alert-sender-details').waitFor(PAGE_WAIT);
      await expect
        .poll(() =>
          p
            .getByTestId('alert-sender-details')
            .getByTestId(`alert-sender-language-${english.id}`)
            .textContent(),
        )
        .toBe(words['alertSenders.language.en-US']);

      await p.getByTestId('alert-sender-details-edit').click();
      await p.getByTestId('alert-sender-form').waitFor(PAGE_WAIT);
      await expect
        .poll(() => p.getByTestId('alert-sender-form-language').textContent(), PAGE_WAIT)
        .toContain(words['alertSenders.language.en-US']);
      await c.close();
    }
  });
});
