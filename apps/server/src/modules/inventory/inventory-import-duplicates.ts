/**
 * Duplicates inside one imported file: the asset number must be unique in the company, the MAC and the
 * serial number in the store, so a later row naming a value an earlier row holds is a row error that
 * names the earlier row (the store's own records are checked in inventory-import.ts).
 */
import type { ImportKey } from './inventory-columns';
import { ownCopy, type ParsedRow, type RowError } from './inventory-import-rows';

/** Tracks the unique values of the rows read so far; a later row naming an earlier one is an error. */
export class FileDuplicates {
  /** Asset number → row, MAC key → row, serial number (lower case) → row. */
  private readonly assetNos = new Map<string, number>();
  private readonly macKeys = new Map<string, number>();
  private readonly sns = new Map<string, number>();

  /** Adds row errors to `parsed` for values an earlier row holds; claims its own values otherwise. */
  check(parsed: ParsedRow): void {
    const values = parsed.values;
    if (!values) return;
    const sn = values.deviceSn === null ? null : values.deviceSn.toLowerCase();
    const claims: Array<[ImportKey, Map<string, number>, string | null]> = [
      ['assetNo', this.assetNos, values.assetNo],
      ['macAddress', this.macKeys, values.macKey],
      ['deviceSn', this.sns, sn],
    ];
    const problems: RowError[] = [];
    for (const [column, seen, value] of claims) {
      const earlier = value === null ? undefined : seen.get(value);
      if (earlier !== undefined)
        problems.push({ column, message: { zh: `与第 ${earlier} 行重复`, en: `repeats row ${earlier}` } });
    }
    if (problems.length > 0) {
      parsed.errors.push(...problems);
      parsed.values = null;
      return;
    }
    for (const [, seen, value] of claims) if (value !== null) seen.set(ownCopy(value), parsed.row);
  }
}
