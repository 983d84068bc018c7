import { describe, expect, it } from 'vitest';

import { offersSyslog } from './syslog-offer';

describe('syslog row action', () => {
  const pos = { productId: 4, isNetworkDevice: 0, monitored: 1 };

  it('is offered for a monitored, networked device behind the box', () => {
    expect(offersSyslog(pos)).toBe(true);
    expect(offersSyslog({ ...pos, productId: 3 })).toBe(true);
  });

  it('is not offered for the box itself, a non-network device or an unmonitored one', () => {
    expect(offersSyslog({ ...pos, productId: 1 })).toBe(false);
    expect(offersSyslog({ ...pos, isNetworkDevice: 1 })).toBe(false);
    expect(offersSyslog({ ...pos, monitored: 0 })).toBe(false);
  });
});
