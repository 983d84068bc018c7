import { describe, expect, it } from 'vitest';

import { isActiveFigure, summaryCards } from './summary-cards';

const summary = {
  total: 30,
  inventoried: 10,
  notInventoried: 20,
  managed: 8,
  notManaged: 22,
  networked: 27,
  nonNetwork: 3,
  byStatus: [
    { status: 1, statusName: '正常', count: 25 },
    { status: 3, statusName: '故障', count: 5 },
  ],
};

describe('the inventory summary cards', () => {
  it('shows every figure of the summary, each a filter of the list', () => {
    const figures = summaryCards(summary, false, 'en').flatMap((c) => c.figures);
    expect(figures.map((f) => [f.key, f.value])).toEqual([
      ['total', 30],
      ['inventoried', 10],
      ['notInventoried', 20],
      ['managed', 8],
      ['notManaged', 22],
      ['networked', 27],
      ['nonNetwork', 3],
      ['status-1', 25],
      ['status-3', 5],
    ]);
    expect(figures.find((f) => f.key === 'status-3')?.label).toBe('Faulty');
    expect(figures.find((f) => f.key === 'notInventoried')?.filter).toEqual({ isInventory: '0' });
  });

  it('leaves out the flag pairs on the non-network page', () => {
    expect(summaryCards(summary, true, 'zh').map((c) => c.key)).toEqual(['total', 'status']);
  });

  it('marks the figure the list is filtered by', () => {
    const [, inventory] = summaryCards(summary, false, 'zh');
    const [yes, no] = inventory?.figures ?? [];
    expect(yes && isActiveFigure(yes, { isInventory: '1' })).toBe(true);
    expect(no && isActiveFigure(no, { isInventory: '1' })).toBe(false);
  });
});
