/** When a store is open, in local hours (decimal: 8.5 is 08:30). */
export interface OpeningHours {
  open: number;
  close: number;
}

export const DEFAULT_OPENING_HOURS: OpeningHours = { open: 8, close: 22 };

const NIGHT = 0.03;
const OPEN_BASE = 0.3;

/**
 * How busy a store is at a local hour, 0 (idle) to 1 (rush): near idle at night, staff warming up the
 * hour before opening, a lunch rush around 12:30 and an evening one around 18:30, winding down in the
 * half hour after closing. Every metric that depends on store activity scales with this.
 */
export function busyness(localHour: number, hours: OpeningHours = DEFAULT_OPENING_HOURS): number {
  const h = ((localHour % 24) + 24) % 24;
  const warmUp = hours.open - 1;
  const windDown = hours.close + 0.5;
  if (h < warmUp || h >= windDown) return NIGHT;
  if (h < hours.open) return NIGHT + (OPEN_BASE - NIGHT) * (h - warmUp);
  if (h >= hours.close) return OPEN_BASE - (OPEN_BASE - NIGHT) * ((h - hours.close) / 0.5);
  const rush = 0.5 * bump(h, 12.5, 1.1) + 0.45 * bump(h, 18.5, 1.4);
  return Math.min(1, OPEN_BASE + rush);
}

/** Whether the store is open at this local hour. */
export function isOpen(localHour: number, hours: OpeningHours = DEFAULT_OPENING_HOURS): boolean {
  const h = ((localHour % 24) + 24) % 24;
  return h >= hours.open && h < hours.close;
}

/** The local hour (0–24, decimal) of a moment, for a store `utcOffsetMinutes` east of UTC. */
export function localHourOf(at: number, utcOffsetMinutes: number): number {
  const hours = (at + utcOffsetMinutes * 60_000) / 3_600_000;
  return ((hours % 24) + 24) % 24;
}

/** The local calendar day number of a moment (days since 1970-01-01 local), for per-day variation. */
export function localDayOf(at: number, utcOffsetMinutes: number): number {
  return Math.floor((at + utcOffsetMinutes * 60_000) / 86_400_000);
}

/** Reads "08:00-22:00" (or "8-22"); the store must open before it closes on the same day. */
export function parseOpeningHours(text: string): OpeningHours {
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*$/.exec(text);
  if (!match) throw new Error(`opening hours must look like 08:00-22:00 (got "${text}")`);
  const open = Number(match[1]) + Number(match[2] ?? 0) / 60;
  const close = Number(match[3]) + Number(match[4] ?? 0) / 60;
  checkOpeningHours({ open, close });
  return { open, close };
}

/** Throws unless 1 ≤ open < close ≤ 23.5 (the warm-up hour and wind-down half hour stay in the day). */
export function checkOpeningHours(hours: OpeningHours): void {
  if (!(hours.open >= 1 && hours.open < hours.close && hours.close <= 23.5)) {
    throw new Error(
      `opening hours must open at 01:00 or later and close after opening, by 23:30 (got ${hours.open}-${hours.close})`,
    );
  }
}

function bump(x: number, centre: number, width: number): number {
  const d = (x - centre) / width;
  return Math.exp(-0.5 * d * d);
}
