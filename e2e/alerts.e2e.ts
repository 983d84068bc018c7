/**
 * Alert rules as a company admin uses them: a rule made on the alarm-rules page shows in the list with
 * its trigger in words, applies to the demo's back-office PCs (their details list it among the demo's
 * own rules), and once switched off no longer applies.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { useConsole } from './harness';

const RULE_NAME = 'CPU 负载过高（浏览器测试）';
/** The demo's back-office PCs: Computer, Agent, category terminal / pc — what the new rule targets. */
const PC_NAME = '后台电脑';
/** Pages load lazily and then fetch; give them time (as e2e/vitest.config.ts does for expect.poll). */
const WAIT = { timeout: 15_000 };

const app = useConsole();

/** Opens the select `testId` and picks the option whose text is exactly `text`. */
async function pick(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${text}$`) })
    .click();
}

/** The id of the rule row named `name` in the rule table. */
async function ruleIdOf(table: Locator, name: string): Promise<string> {
  const cell = table.locator('[data-testid^="alarm-rule-name-"]', { hasText: new RegExp(`^${name}$`) });
  await cell.waitFor(WAIT);
  return ((await cell.getAttribute('data-testid')) ?? '').slice('alarm-rule-name-'.length);
}

interface ShownRule {
  level: string;
  desc: string;
}

/** The rows of the device's alert rules card (level tag text, rule text), once it has loaded. */
async function deviceRules(page: Page, deviceId: string): Promise<ShownRule[]> {
  await page.goto(`${app.url}/device/details.html?deviceId=${deviceId}`);
  const card = page.getByTestId('device-alert-rules');
  await card.waitFor(WAIT);
  // Loaded: rows (with their level names, not the numbers or the ellipsis shown before), or the empty text.
  await expect
    .poll(async () => {
      if ((await card.getByTestId('device-alert-rules-empty').count()) > 0) return true;
      const levels = await card.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents();
      return levels.length > 0 && levels.every((text) => /^[^\d…]+$/.test(text.trim()));
    }, WAIT)
    .toBe(true);
  const rows = await card.locator('tbody tr.ant-table-row').all();
  return Promise.all(
    rows.map(async (row) => ({
      level: ((await row.locator('td').nth(1).textContent()) ?? '').trim(),
      desc: ((await row.locator('td').nth(2).textContent()) ?? '').trim(),
    })),
  );
}

const isOurs = (rule: ShownRule) => rule.desc.startsWith(`${RULE_NAME}:`);

describe('alert rules', () => {
  it('are created on the alarm-rules page, listed, apply to matching devices until switched off', async () => {
    const { context, page } = await app.openPage();
    await app.signIn(page);

    // The menu leads to the page.
    await page.getByTestId('side-menu').getByText('告警规则', { exact: true }).first().click();
    await page.getByTestId('side-menu').getByText('告警规则列表', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/alarm-rules/index.html');
    const table = page.getByTestId('alarm-rule-table');
    await table.waitFor();

    // Add: a device alert on CPU load above 90 % for Agent computers of category terminal / pc.
    await page.getByTestId('alarm-rule-add').click();
    await page.waitForURL((url) => url.pathname === '/alarm-rules/save.html');
    await page.getByTestId('alarm-rule-form-name').fill(RULE_NAME);
    await pick(page, 'alarm-rule-form-level', '严重');
    // The trigger item waits for an alert type.
    await expect(page.getByTestId('alarm-rule-form-trigger-type').textContent()).resolves.toContain(
      '请先选择告警类型',
    );
    await pick(page, 'alarm-rule-form-alert-type', '仓库设备');
    await pick(page, 'alarm-rule-form-connect-type', 'Agent');
    // Product types start at "all"; picking one replaces it.
    await pick(page, 'alarm-rule-form-product-types', '电脑');
    await pick(page, 'alarm-rule-form-trigger-type', 'CPU 使用率');
    await pick(page, 'alarm-rule-form-operator', '大于');
    const value = page.getByTestId('alarm-rule-form-value');
    await expect(page.getByTestId('alarm-rule-form').textContent()).resolves.toContain('%');
    await ((await value.evaluate((el) => el.tagName)) === 'INPUT' ? value : value.locator('input')).fill(
      '90',
    );
    await page.getByTestId('alarm-rule-form-category').click();
    await page.locator('.ant-cascader-menu-item', { hasText: '终端设备' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^电脑$/ }).click();
    await page.getByTestId('alarm-rule-form-submit').click();

    // Listed (newest first), with its level, types, trigger in words and category, switched on.
    await page.waitForURL((url) => url.pathname === '/alarm-rules/index.html');
    const id = await ruleIdOf(table, RULE_NAME);
    expect(id).toMatch(/^\d+$/);
    await expect
      .poll(() => page.getByTestId(`alarm-rule-trigger-${id}`).textContent(), WAIT)
      .toBe('CPU 使用率高于 90%');
    const row = table.locator('tr.ant-table-row', { has: page.getByTestId(`alarm-rule-name-${id}`) });
    await expect
      .poll(async () => (await row.locator('td').allTextContents()).map((text) => text.trim()), WAIT)
      .toEqual(expect.arrayContaining([RULE_NAME, '严重', '仓库设备', 'Agent', '电脑', '终端设备 / 电脑']));
    const status = page.getByTestId(`alarm-rule-status-${id}`);
    await expect(status.getAttribute('aria-checked')).resolves.toBe('true');

    // The name filter goes into the address and narrows the list.
    await page.getByTestId('alarm-rule-filter-alertName').fill('负载过高');
    await page.getByTestId('list-search').click();
    await page.waitForURL((url) => url.searchParams.get('alertName') === '负载过高');
    const names = () => table.locator('[data-testid^="alarm-rule-name-"]').allTextContents();
    await expect
      .poll(async () => {
        const shown = await names();
        return shown.includes(RULE_NAME) && shown.every((name) => name.includes('负载过高'));
      }, WAIT)
      .toBe(true);
    // The demo's own "CPU 负载过高" rule matches too; nothing else does.
    expect((await names()).length).toBeGreaterThan(1);

    // A demo back-office PC: its details list the new rule among the demo's own rules, levels by name.
    await page.goto(`${app.url}/device/index.html?deviceName=${encodeURIComponent(PC_NAME)}`);
    const pcBadge = page.locator('[data-testid^="device-online-"]').first();
    await pcBadge.waitFor(WAIT);
    const pcId = ((await pcBadge.getAttribute('data-testid')) ?? '').slice('device-online-'.length);
    const before = await deviceRules(page, pcId);
    expect(before.filter(isOurs)).toEqual([{ level: '严重', desc: `${RULE_NAME}: CPU 使用率高于 90%` }]);
    const demoRules = before.filter((rule) => !isOurs(rule));
    expect(demoRules.map((rule) => rule.desc)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^设备离线: 离线持续 3 分钟$/)]),
    );
    expect(demoRules.find((rule) => rule.desc.startsWith('设备离线'))?.level).toBe('严重');
    // The events card answers too: rows, or the empty state in words.
    const events = page.getByTestId('device-alert-events');
    await expect
      .poll(
        async () =>
          (await events.locator('tbody tr.ant-table-row').count()) > 0 ||
          ((await events.textContent()) ?? '').includes('该设备暂无告警事件'),
        WAIT,
      )
      .toBe(true);

    // Switched off: the list keeps it (off, after a reload too), the PC no longer lists it.
    await page.goto(`${app.url}/alarm-rules/index.html`);
    await page.getByTestId(`alarm-rule-status-${id}`).click();
    await expect.poll(() => status.getAttribute('aria-checked'), WAIT).toBe('false');
    await page.reload();
    await expect
      .poll(() => page.getByTestId(`alarm-rule-status-${id}`).getAttribute('aria-checked'), WAIT)
      .toBe('false');
    const after = await deviceRules(page, pcId);
    expect(after.filter(isOurs)).toEqual([]);
    expect(after).toEqual(demoRules);

    await context.close();
  }, 120_000);
});
