import { describe, expect, it } from 'vitest';

import {
  type CascadeOption,
  checkState,
  columnsFor,
  findTyped,
  isLeafOption,
  pathLabel,
  stepIndex,
  toggleChecked,
} from './cascade-logic';

const TREE: CascadeOption[] = [
  {
    value: '1',
    label: 'North',
    children: [
      {
        value: '11',
        label: 'Hebei',
        children: [
          { value: '111', label: 'Shijiazhuang' },
          { value: '112', label: 'Baoding' },
        ],
      },
      { value: '12', label: 'Beijing', children: [{ value: '121', label: 'Chaoyang' }] },
    ],
  },
  { value: '2', label: 'East', isLeaf: false },
  { value: '3', label: 'West', children: [] },
];

describe('cascade logic', () => {
  it('shows the roots and one column per opened step', () => {
    expect(columnsFor(TREE, []).map((c) => c.map((o) => o.value))).toEqual([['1', '2', '3']]);
    expect(columnsFor(TREE, ['1', '11']).map((c) => c.map((o) => o.value))).toEqual([
      ['1', '2', '3'],
      ['11', '12'],
      ['111', '112'],
    ]);
    // A leaf, an unloaded node and an unknown value open nothing more.
    expect(columnsFor(TREE, ['1', '11', '111'])).toHaveLength(3);
    expect(columnsFor(TREE, ['2'])).toHaveLength(1);
    expect(columnsFor(TREE, ['9', '11'])).toHaveLength(1);
  });

  it('tells leaves from nodes with children or children still to load', () => {
    expect(TREE.map(isLeafOption)).toEqual([false, false, true]);
  });

  it('names a chosen path by its labels, keeping values not loaded yet', () => {
    expect(pathLabel(TREE, ['1', '11', '112'])).toBe('North / Hebei / Baoding');
    expect(pathLabel(TREE, ['2', 's7'])).toBe('East / s7');
  });

  it('checks a node with all it holds, and partly checks its parents', () => {
    const value = [['1', '11']];
    expect(checkState(value, ['1', '11'])).toBe('checked');
    expect(checkState(value, ['1', '11', '112'])).toBe('checked');
    expect(checkState(value, ['1'])).toBe('partial');
    expect(checkState(value, ['1', '12'])).toBe('unchecked');
    expect(checkState(value, ['2'])).toBe('unchecked');
  });

  it('keeps a fully checked branch as its parent (SHOW_PARENT) and drops descendants when a parent is checked', () => {
    let value = toggleChecked(TREE, [], ['1', '11', '111']);
    expect(value).toEqual([['1', '11', '111']]);
    value = toggleChecked(TREE, value, ['1', '11', '112']);
    expect(value).toEqual([['1', '11']]);
    value = toggleChecked(TREE, value, ['1', '12', '121']);
    expect(value).toEqual([['1']]);
    expect(toggleChecked(TREE, [['1', '11', '111'], ['2']], ['1'])).toEqual([['2'], ['1']]);
  });

  it('unchecking a node checked through its parent keeps its relatives checked', () => {
    const value = toggleChecked(TREE, [['1']], ['1', '11', '112']);
    expect(value).toEqual([
      ['1', '12'],
      ['1', '11', '111'],
    ]);
    expect(toggleChecked(TREE, value, ['1', '11', '111'])).toEqual([['1', '12']]);
    expect(toggleChecked(TREE, [['2'], ['3']], ['2'])).toEqual([['3']]);
  });

  it('moves through a level with the arrow keys, Home and End, wrapping at the ends', () => {
    expect(stepIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(stepIndex(2, 3, 'ArrowDown')).toBe(0);
    expect(stepIndex(0, 3, 'ArrowUp')).toBe(2);
    expect(stepIndex(1, 3, 'Home')).toBe(0);
    expect(stepIndex(1, 3, 'End')).toBe(2);
    expect(stepIndex(0, 0, 'ArrowDown')).toBe(-1);
  });

  it('finds an option by typed letters: the start of a label first, then any part of it', () => {
    const column = TREE[0]?.children?.[0]?.children ?? [];
    expect(findTyped(column, 'ba')?.value).toBe('112');
    expect(findTyped(column, 'zhuang')?.value).toBe('111');
    expect(findTyped(column, 'x')).toBeUndefined();
    expect(findTyped(column, ' ')).toBeUndefined();
  });
});
