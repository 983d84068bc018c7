import type { InventoryMatchRow } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { orderMatches } from './match-order';

const row = (deviceId: number, monitored: number, bound: number | null): InventoryMatchRow => ({
  deviceId,
  deviceName: `d${deviceId}`,
  macAddress: 'aa:bb:cc:dd:ee:ff',
  intranetIp: null,
  model: null,
  deviceSn: null,
  productId: 4,
  shopId: 1,
  monitored,
  onlineStatus: 1,
  boundInventoryId: bound,
  boundAssetNo: bound === null ? null : `A${bound}`,
});

describe('the MAC matches of the bind dialog', () => {
  it('come monitored first, free before bound', () => {
    const ordered = orderMatches([row(1, 0, null), row(2, 1, 9), row(3, 1, null), row(4, 0, 8)]);
    expect(ordered.map((r) => r.deviceId)).toEqual([3, 2, 1, 4]);
  });
});
