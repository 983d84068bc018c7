import { describe, expect, it } from 'vitest';

import { DEFAULT_OPENING_HOURS } from '../daily-pattern';
import { momentAt } from '../moment';
import { Rng } from '../random';
import { localTime, UTC_OFFSET } from '../test-support/store';
import { BatteryCycle } from './battery';

const store = { hours: DEFAULT_OPENING_HOURS, utcOffsetMinutes: UTC_OFFSET };
const at = (hour: number) => momentAt(localTime(hour), localTime(hour), 60, store);

describe('Android battery cycle', () => {
  it('drains on batteries while the store is open and charges in the cradle overnight', () => {
    for (const seed of ['a', 'b', 'c']) {
      const battery = new BatteryCycle(Rng.derive(seed, 'battery'), DEFAULT_OPENING_HOURS);
      const morning = battery.read(at(9));
      const afternoon = battery.read(at(15));
      const evening = battery.read(at(21.5));
      for (const reading of [morning, afternoon, evening]) {
        expect(reading).toMatchObject({
          status: 3,
          acPowered: false,
          usbPowered: false,
          maxChargingCurrent: 0,
        });
      }
      expect(afternoon.level).toBeLessThan(morning.level);
      expect(evening.level).toBeLessThan(afternoon.level);
      const lateNight = battery.read(at(22.5));
      expect(lateNight.status).toBe(2);
      expect(lateNight.acPowered || lateNight.usbPowered).toBe(true);
      expect(lateNight.level).toBeGreaterThan(evening.level);
      expect(battery.read(at(6))).toMatchObject({ status: 5, level: 100 });
    }
  });

  it('reads like Android: level of scale 100, tenths of °C, millivolts', () => {
    const reading = new BatteryCycle(Rng.derive('units', 'battery'), DEFAULT_OPENING_HOURS).read(at(12));
    expect(reading.scale).toBe(100);
    expect(reading.temperature).toBeGreaterThan(200);
    expect(reading.temperature).toBeLessThan(450);
    expect(reading.voltage).toBeGreaterThan(3400);
    expect(reading.voltage).toBeLessThan(4450);
    expect(['Li-ion', 'Li-poly']).toContain(reading.technology);
  });
});
