import { describe, expect, it } from 'vitest';

import {
  alertCountCards,
  alertCountQuery,
  alertListQuery,
  badgeText,
  isActiveAlertCard,
  monitorLogQuery,
} from './alert-query';

describe('alert overview query', () => {
  it('turns region paths, level, status, category and time into the call query, dropping empties', () => {
    expect(
      alertListQuery({
        region: ['3', '3.17.40.s9', 'bad.path'],
        severity: '4',
        status: '',
        deviceCategory: 'terminal',
        deviceClass: 'pos',
        startTime: '2026-01-01 00:00:00',
        pageNum: 2,
      }),
    ).toEqual({
      areaLevelListStr: '3',
      shopIdStr: '9',
      severity: 4,
      deviceCategory: 'terminal',
      deviceClass: 'pos',
      startTime: '2026-01-01 00:00:00',
      pageNum: 2,
    });
  });

  it('drops a small category without its large one and a level that is not a number', () => {
    expect(alertListQuery({ deviceClass: 'pos', severity: 'high' })).toEqual({});
  });

  it('counts without paging', () => {
    expect(alertCountQuery({ status: '0', pageNum: 3, pageSize: 50 })).toEqual({ status: 0 });
  });
});

describe('monitor log query', () => {
  it('keeps known kinds comma-joined and the time range', () => {
    expect(
      monitorLogQuery({ kind: ['offline', 'reboot', 'alertOpened'], endTime: '2026-01-02 00:00:00' }),
    ).toEqual({ kind: 'offline,alertOpened', endTime: '2026-01-02 00:00:00' });
  });
});

describe('count cards', () => {
  const counts = {
    total: 9,
    unresolved: 5,
    recovered: 4,
    bySeverity: [
      { severity: 1, num: 0 },
      { severity: 3, num: 2 },
      { severity: 5, num: 3 },
    ],
  };
  it('lists all, open, ended, then open levels highest first without empty levels', () => {
    const cards = alertCountCards(counts, (s) => `L${s}`);
    expect(cards.map((c) => [c.key, c.value])).toEqual([
      ['total', 9],
      ['unresolved', 5],
      ['recovered', 4],
      ['severity-5', 3],
      ['severity-3', 2],
    ]);
    expect(cards[3]?.filter).toEqual({ status: '0', severity: '5' });
    expect(cards[3]?.label).toBe('L5');
  });
  it('marks the card matching the filters', () => {
    const [total, open] = alertCountCards(counts, String);
    expect(total && isActiveAlertCard(total, {})).toBe(true);
    expect(open && isActiveAlertCard(open, { status: '0' })).toBe(true);
    expect(open && isActiveAlertCard(open, { status: '0', severity: '5' })).toBe(false);
  });
  it('caps the badge at 99+', () => {
    expect([badgeText(0), badgeText(99), badgeText(100)]).toEqual(['0', '99', '99+']);
  });
});
