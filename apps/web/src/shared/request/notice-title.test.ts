import { ERRORS } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import enRequest from '@/locales/en-US/request';
import zhRequest from '@/locales/zh-CN/request';
import { noticeTitle } from './notice-title';

/** The console's `t` over one language's request texts. */
const translator =
  (texts: Record<string, string>) =>
  (key: string, options?: Record<string, unknown>): string =>
    (texts[key] ?? `missing ${key}`).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name]));

const zh = translator(zhRequest);
const en = translator(enRequest);
const STATUS_TEXTS = ['Bad Request', 'Unauthorized', 'Forbidden', 'Not Found', 'Conflict', 'Bad Gateway'];

describe('error notice titles', () => {
  it('title every failure of the catalogue in Chinese in the Chinese console, never with an HTTP status text', () => {
    for (const code of Object.keys(ERRORS)) {
      const title = noticeTitle(code, ERRORS[code as keyof typeof ERRORS].status, zh);
      expect(title, code).toMatch(/[\u4e00-\u9fff]/);
      expect(title, code).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(noticeTitle('CONFLICT', 409, zh)).toBe('无法完成操作');
  });

  it('title a reply without a known code by its status, in the console language', () => {
    expect(noticeTitle(null, 403, zh)).toBe('没有权限');
    expect(noticeTitle(null, 502, zh)).toBe('请求失败（HTTP 502）');
    expect(noticeTitle('1001', 409, en)).toBe('Cannot do that now');
    expect(noticeTitle(null, 502, en)).toBe('Request failed (HTTP 502)');
    for (const status of [400, 401, 403, 404, 409, 502]) {
      expect(STATUS_TEXTS).not.toContain(noticeTitle(null, status, zh));
    }
  });
});
