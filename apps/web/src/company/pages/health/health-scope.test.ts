import { describe, expect, it } from 'vitest';

import { pickedPlaceNames } from './health-scope';

const options = [
  {
    value: '1',
    label: 'East China',
    children: [
      {
        value: '2',
        label: 'Jiangsu',
        children: [{ value: 's9', label: '南京中山路店', isStore: true }],
      },
    ],
  },
];

describe('the places a health chart shows', () => {
  it('names each picked region, province or store by its label in the region picker', () => {
    expect(pickedPlaceNames(options, [['1'], ['1', '2'], ['1', '2', 's9']])).toEqual([
      'East China',
      'Jiangsu',
      '南京中山路店',
    ]);
  });

  it('shows a place not in the options (yet) by its last step', () => {
    expect(pickedPlaceNames(options, [['1', '7']])).toEqual(['7']);
    expect(pickedPlaceNames([], [['1']])).toEqual(['1']);
  });
});
