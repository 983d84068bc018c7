import { describe, expect, it } from 'vitest';

import { LoginBody } from './auth';
import { LevelConfigSaveBody } from './org/level';
import { phraseLabel, schemaMessage } from './schema-messages';

const CJK = /[\u4e00-\u9fff]/;

describe('schema messages in both languages', () => {
  it('word the schemas’ own messages in Chinese and keep the English as it is', () => {
    const issues = [
      ...(LevelConfigSaveBody.safeParse({ name: 'x'.repeat(65), ename: 'y'.repeat(65) }).error?.issues ?? []),
      ...(LoginBody.safeParse({ username: '', password: '' }).error?.issues ?? []),
    ];
    expect(issues.length).toBeGreaterThan(3);
    for (const issue of issues) {
      expect(schemaMessage(issue.message, 'en')).toBe(issue.message);
      expect(schemaMessage(issue.message, 'zh'), issue.message).toMatch(CJK);
    }
  });

  it('fill the Chinese from the English text’s numbers and names', () => {
    expect(phraseLabel('must be at most 64 characters')).toEqual({
      zh: '最多 64 个字符',
      en: 'must be at most 64 characters',
    });
    expect(phraseLabel('must be 1 to 5').zh).toBe('必须在 1 到 5 之间');
    expect(phraseLabel('must be one of storeName, storeNo').zh).toBe('必须是以下之一：storeName, storeNo');
    expect(phraseLabel('Invalid IP address')).toEqual({ zh: 'IP 地址无效', en: 'Invalid IP address' });
  });

  it('leave a text no phrase knows as it is in both languages', () => {
    expect(phraseLabel('is a brand new rule')).toEqual({
      zh: 'is a brand new rule',
      en: 'is a brand new rule',
    });
  });
});
