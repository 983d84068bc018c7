/**
 * Formula escaping for every workbook the server writes (exports, import reports): exported fields are
 * attacker input (a device's own name, an imported text), so a cell a spreadsheet could take for a
 * formula is written as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** `text` safe to put in a cell: a leading = + - @, tab or CR is escaped with an apostrophe. */
export function inertCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
