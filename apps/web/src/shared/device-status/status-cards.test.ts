import { describe, expect, it } from 'vitest';

import { deviceCountCards, gatewayCountCards, isActiveCard } from './status-cards';

describe('device list count cards', () => {
  const counts = { deviceNum: 12, onlineNum: 9, offlineNum: 3 };

  it('shows total, online and offline, offline as the trouble card, each setting the state filter', () => {
    const cards = deviceCountCards(counts, { monitored: 1 });
    expect(cards.map((c) => [c.key, c.value, c.tone, c.filter])).toEqual([
      ['total', 12, 'neutral', ''],
      ['online', 9, 'good', '1'],
      ['offline', 3, 'bad', '0'],
    ]);
  });

  it('shows only the total for unmonitored and non-network devices: they are never "offline"', () => {
    expect(deviceCountCards(counts, { monitored: 0 }).map((c) => c.key)).toEqual(['total']);
    expect(deviceCountCards(counts, { isNetworkDevice: 1 }).map((c) => c.key)).toEqual(['total']);
  });

  it('marks the card of the current filter, the total when there is none', () => {
    const [total, online, offline] = deviceCountCards(counts, { monitored: 1 });
    if (!total || !online || !offline) throw new Error('three cards expected');
    expect(isActiveCard(total, undefined)).toBe(true);
    expect(isActiveCard(offline, undefined)).toBe(false);
    expect(isActiveCard(offline, '0')).toBe(true);
    expect(isActiveCard(total, '0')).toBe(false);
  });
});

describe('gateway count cards', () => {
  it('adds up: total boxes = online + offline, pre-installed a separate fact and no filter', () => {
    const cards = gatewayCountCards({ isPreNum: 4, onlineNum: 7, offlineNum: 2 });
    const value = (key: string) => cards.find((c) => c.key === key)?.value;
    expect(value('total')).toBe(9);
    expect((value('online') ?? 0) + (value('offline') ?? 0)).toBe(value('total'));
    expect(value('preinstalled')).toBe(4);
    const pre = cards.find((c) => c.key === 'preinstalled');
    expect(pre?.filter).toBeNull();
    if (pre) expect(isActiveCard(pre, undefined)).toBe(false);
  });

  it('shows no figures before the counts arrive', () => {
    expect(gatewayCountCards(undefined).map((c) => c.value)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
