import { describe, expect, it } from 'vitest';

import { nameIn } from './labels';

describe("a name in the reader's language", () => {
  it('gives an English reader the English name where one was entered', () => {
    expect(nameIn('en', '华东区', 'East China')).toBe('East China');
    expect(nameIn('zh', '华东区', 'East China')).toBe('华东区');
  });

  it('falls back to the Chinese name when the English one is missing or left empty', () => {
    expect(nameIn('en', '收银POS', null)).toBe('收银POS');
    expect(nameIn('en', '收银POS', undefined)).toBe('收银POS');
    expect(nameIn('en', '收银POS', '')).toBe('收银POS');
  });
});
