import type { HostBattery } from '@storefleet/contracts';
import type { z } from 'zod';

import type { OpeningHours } from '../daily-pattern';
import type { Moment } from '../moment';
import { hash32, type Rng } from '../random';

export type Battery = z.infer<typeof HostBattery>;

const CHARGING = 2;
const DISCHARGING = 3;
const FULL = 5;
const GOOD = 2;

/**
 * The battery of an Android handheld that staff carry while the store is open and put in its cradle
 * at closing: the level drains through the day (faster at rush hours), charges overnight until full.
 * The level is a function of the local time and a per-day factor, so it is the same whichever cycle
 * asks and needs no state to replay.
 */
export class BatteryCycle {
  private readonly drainPerHour: number;
  private readonly chargePerHour: number;
  private readonly viaUsb: boolean;
  private readonly technology: string;
  private readonly seed: number;

  constructor(
    private readonly rng: Rng,
    private readonly hours: OpeningHours,
  ) {
    this.drainPerHour = rng.between(3.5, 6);
    this.chargePerHour = rng.between(20, 35);
    this.viaUsb = rng.chance(0.3);
    this.technology = rng.pick(['Li-ion', 'Li-ion', 'Li-poly']);
    this.seed = rng.int(0, 2 ** 31);
  }

  read(moment: Moment): Battery {
    const h = moment.localHour;
    const { open, close } = this.hours;
    const openLength = close - open;
    // Some days are heavier than others.
    const dayFactor = 0.8 + 0.4 * ((hash32(`${this.seed}:${moment.day}`) % 1000) / 1000);
    const drain = this.drainPerHour * dayFactor;
    const drainedBy = (hours: number) => Math.max(5, 100 - drain * hours);
    let level: number;
    let status: number;
    if (h >= open && h < close) {
      level = drainedBy(h - open);
      status = DISCHARGING;
    } else {
      // Cradled since closing time (yesterday's, before opening).
      const sinceClose = h >= close ? h - close : h + 24 - close;
      level = Math.min(100, drainedBy(openLength) + this.chargePerHour * sinceClose);
      status = level >= 100 ? FULL : CHARGING;
    }
    level = Math.round(level);
    const plugged = status !== DISCHARGING;
    const rng = this.rng;
    const warm = status === CHARGING ? 60 : status === DISCHARGING ? 40 * moment.busy : 0;
    return {
      acPowered: plugged && !this.viaUsb,
      usbPowered: plugged && this.viaUsb,
      wirelessPowered: false,
      health: GOOD,
      level,
      maxChargingCurrent: plugged ? (this.viaUsb ? 500_000 : 2_000_000) : 0,
      maxChargingVoltage: plugged ? 5_000_000 : 0,
      scale: 100,
      status,
      // Tenths of °C: room temperature, warmer when charging or in heavy use.
      temperature: Math.round(265 + warm + rng.normal() * 8),
      // mV: a Li-ion cell runs from about 3.5 V empty to 4.35 V full; charging lifts it a little.
      voltage: Math.round(3500 + level * 8 + (status === CHARGING ? 60 : 0) + rng.normal() * 10),
      technology: this.technology,
    };
  }
}
