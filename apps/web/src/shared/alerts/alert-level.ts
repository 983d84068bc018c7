/**
 * Alert levels (the ALERTPRIORITY dictionary: 1 information … 5 disaster) as the console shows them:
 * the level's name in the console's language with a colour that grows warmer with the level.
 */
import type { DictionaryItem } from '@storefleet/contracts';

import { dictionaryName } from '../device/category-options';

/** antd preset tag colours per level; an unknown level gets the neutral tag. */
const LEVEL_COLORS: Readonly<Record<number, string>> = {
  1: 'blue',
  2: 'gold',
  3: 'orange',
  4: 'volcano',
  5: 'red',
};

export function levelColor(level: number): string {
  return LEVEL_COLORS[level] ?? 'default';
}

export interface LevelOption {
  value: number;
  label: string;
}

/** The dictionary's levels as select options (numeric codes only, retired items left out), by level. */
export function levelOptions(items: readonly DictionaryItem[], english: boolean): LevelOption[] {
  return items
    .filter((item) => item.status !== 0 && /^\d+$/.test(item.code))
    .map((item) => ({ value: Number(item.code), label: dictionaryName(item, english) }))
    .sort((a, b) => a.value - b.value);
}

/** The name of `level`: the dictionary's, else the server's `fallback`, else the number itself. */
export function levelName(level: number, options: readonly LevelOption[], fallback?: string | null): string {
  return options.find((o) => o.value === level)?.label ?? (fallback || String(level));
}
