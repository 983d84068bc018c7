import { describe, expect, it } from 'vitest';

import { enUSModules } from './en-US';
import { zhCNModules } from './zh-CN';

const sorted = (record: Record<string, unknown> | undefined) => Object.keys(record ?? {}).sort();

describe('locales', () => {
  it('split zh-CN and en-US into the same module files', () => {
    expect(sorted(enUSModules)).toEqual(sorted(zhCNModules));
  });

  for (const name of Object.keys({ ...zhCNModules, ...enUSModules })) {
    it(`give the ${name} module the same keys in zh-CN and en-US`, () => {
      const zh = sorted(zhCNModules[name]);
      const en = sorted(enUSModules[name]);
      expect({
        onlyInZhCN: zh.filter((k) => !en.includes(k)),
        onlyInEnUS: en.filter((k) => !zh.includes(k)),
      }).toEqual({
        onlyInZhCN: [],
        onlyInEnUS: [],
      });
    });
  }

  it('never leave a text empty', () => {
    for (const modules of [zhCNModules, enUSModules]) {
      for (const [name, texts] of Object.entries(modules)) {
        for (const [key, value] of Object.entries(texts))
          expect(value.trim(), `${name}: ${key}`).not.toBe('');
      }
    }
  });

  it('keep each key under its own module, so two modules cannot define the same key', () => {
    const owners = new Map<string, string>();
    for (const [name, texts] of Object.entries(zhCNModules)) {
      for (const key of Object.keys(texts)) {
        expect(owners.get(key), `${key} is defined in ${owners.get(key)} and ${name}`).toBeUndefined();
        owners.set(key, name);
        expect(key.startsWith(`${name}.`), `${key} belongs in the ${name} module`).toBe(true);
      }
    }
  });
});
