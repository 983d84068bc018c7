import { BUTTON } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { hasCodes } from './check';

const held = new Set([BUTTON.deviceAdd, BUTTON.deviceUpdate]);

describe('hasCodes (spec §6 button permissions)', () => {
  it('requires every listed code by default', () => {
    expect(hasCodes(held, [BUTTON.deviceAdd, BUTTON.deviceUpdate])).toBe(true);
    expect(hasCodes(held, [BUTTON.deviceAdd, BUTTON.deviceState])).toBe(false);
  });

  it('accepts any one listed code when asked for any', () => {
    expect(hasCodes(held, [BUTTON.deviceState, BUTTON.deviceUpdate], 'any')).toBe(true);
    expect(hasCodes(held, [BUTTON.deviceState, BUTTON.devicePing], 'any')).toBe(false);
  });

  it('lets everyone through when no code is required', () => {
    expect(hasCodes(new Set(), [])).toBe(true);
    expect(hasCodes(new Set(), [], 'any')).toBe(true);
  });

  it('matches codes exactly, not by prefix', () => {
    expect(hasCodes(new Set(['device']), ['device:add'])).toBe(false);
  });
});
