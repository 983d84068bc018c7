/** The usage trend's date range: the last `days` whole days, ending yesterday (today is not over). */
export function lastDays(today: Date, days: number): { startTime: string; endTime: string } {
  const day = (offset: number) => {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  };
  return { startTime: day(days), endTime: day(1) };
}

/** Trend days shown on the dashboard, the monitor screen and a store's dashboard. */
export const TREND_DAYS = 30;
