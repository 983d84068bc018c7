import type { DictionaryItem } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { dictionaryItem } from '../dictionary-item.fixture';

import { levelColor, levelName, levelOptions } from './alert-level';

const level = (code: string, name: string, nameEn: string | null, status = 1): DictionaryItem =>
  dictionaryItem({ code, name, nameEn, status });

const DICTIONARY = [
  level('5', '灾难', 'Disaster'),
  level('1', '信息', 'Information'),
  level('2', '警告', null),
  level('x', '坏数据', 'Bad code'),
  level('3', '一般严重', 'Average', 0),
];

describe('alert levels', () => {
  it('become numeric options in level order, in the console language, retired ones left out', () => {
    expect(levelOptions(DICTIONARY, true)).toEqual([
      { value: 1, label: 'Information' },
      { value: 2, label: '警告' },
      { value: 5, label: 'Disaster' },
    ]);
    expect(levelOptions(DICTIONARY, false).map((o) => o.label)).toEqual(['信息', '警告', '灾难']);
  });

  it("are named from the dictionary, else the server's name, else the number", () => {
    const options = levelOptions(DICTIONARY, true);
    expect(levelName(5, options, '灾难')).toBe('Disaster');
    expect(levelName(4, options, 'High')).toBe('High');
    expect(levelName(4, options)).toBe('4');
  });

  it('get warmer colours as they rise, and a neutral tag when unknown', () => {
    expect([1, 2, 3, 4, 5].map(levelColor)).toEqual(['blue', 'gold', 'orange', 'volcano', 'red']);
    expect(levelColor(0)).toBe('default');
  });
});
