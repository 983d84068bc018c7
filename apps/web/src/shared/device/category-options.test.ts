import type { DictionaryItem } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { categoryOptions, classProductMismatch } from './category-options';

function item(code: string, attribute1: string | null, childLevel: DictionaryItem[] = []): DictionaryItem {
  return { code, name: code, nameEn: code, attribute1, status: 1, childLevel } as unknown as DictionaryItem;
}

const tree = [
  item('print', null, [item('receipt-printer', '5'), item('label-printer', '5')]),
  item('mobile', null, [item('pda', '8'), item('android-tablet', '13')]),
  item('camera', null, [item('ipc', null)]),
];

describe('device category picker and product type', () => {
  it('offers only the classes of the chosen product type, and classes of no product type', () => {
    const options = categoryOptions(tree, true, 8);
    expect(options.map((o) => [o.value, o.children?.map((c) => c.value)])).toEqual([
      ['mobile', ['pda']],
      ['camera', ['ipc']],
    ]);
    expect(categoryOptions(tree, true)).toHaveLength(3);
  });

  it('names the product type a class belongs to when it is not the chosen one', () => {
    expect(classProductMismatch(tree, 'pda', 5)).toBe(8);
    expect(classProductMismatch(tree, 'receipt-printer', 5)).toBeNull();
    expect(classProductMismatch(tree, 'ipc', 6)).toBeNull();
    expect(classProductMismatch(tree, 'pda', undefined)).toBeNull();
  });
});
