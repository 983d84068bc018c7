import type { DictionaryItem } from '@storefleet/contracts';

/**
 * A dictionary entry for tests: the code and what the test cares about; the rest empty (no English
 * name, no parent, active, no children).
 */
export function dictionaryItem(fields: Partial<DictionaryItem> & { code: string }): DictionaryItem {
  return {
    name: fields.code,
    nameEn: null,
    parentCode: null,
    relativeCode: null,
    description: null,
    status: 1,
    attribute1: null,
    childLevel: [],
    ...fields,
  };
}
