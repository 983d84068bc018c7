import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { HostBattery } from '@storefleet/contracts';
import type { z } from 'zod';

export type BatteryInfo = z.infer<typeof HostBattery>;

export const POWER_SUPPLY_DIR = '/sys/class/power_supply';

// sysfs words → Android BatteryManager codes, which is what the console's battery panel shows.
const STATUS: Record<string, number> = { charging: 2, discharging: 3, 'not charging': 4, full: 5 };
const HEALTH: Record<string, number> = {
  good: 2,
  overheat: 3,
  dead: 4,
  'over voltage': 5,
  'unspecified failure': 6,
  cold: 7,
};

/**
 * The battery of the host from the Linux power-supply class (Android exposes the same files), or null
 * when the host has no battery. sysfs gives µV and µA; voltage is reported in mV as Android does.
 */
export function readBattery(dir: string = POWER_SUPPLY_DIR): BatteryInfo | null {
  if (!existsSync(dir)) return null;
  let battery: string | null = null;
  const online = { Mains: false, USB: false, Wireless: false };
  for (const name of readdirSync(dir).sort()) {
    const supply = join(dir, name);
    const type = read(supply, 'type');
    if (type === 'Battery' && battery === null) battery = supply;
    else if ((type === 'Mains' || type === 'USB' || type === 'Wireless') && read(supply, 'online') === '1') {
      online[type] = true;
    }
  }
  if (battery === null) return null;
  const num = (file: string) => {
    const n = Number(read(battery, file));
    return Number.isFinite(n) ? n : 0;
  };
  return {
    acPowered: online.Mains,
    usbPowered: online.USB,
    wirelessPowered: online.Wireless,
    health: HEALTH[(read(battery, 'health') ?? '').toLowerCase()] ?? 1,
    level: num('capacity'),
    maxChargingCurrent: num('current_max'),
    maxChargingVoltage: num('voltage_max'),
    scale: 100,
    status: STATUS[(read(battery, 'status') ?? '').toLowerCase()] ?? 1,
    temperature: num('temp'),
    voltage: Math.round(num('voltage_now') / 1000),
    technology: (read(battery, 'technology') ?? '').slice(0, 64),
  };
}

function read(dir: string, file: string): string | null {
  try {
    return readFileSync(join(dir, file), 'utf8').trim();
  } catch {
    return null;
  }
}
