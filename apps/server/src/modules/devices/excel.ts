/**
 * ExcelJS, loaded on first use: only the device template download and the device import need it, and
 * loading it at start-up cost every server ~250 ms and ~25 MB it might never use.
 */
let excel: Promise<typeof import('exceljs')> | null = null;

export function loadExcel(): Promise<typeof import('exceljs')> {
  excel ??= import('exceljs').then(
    (module) => (module as { default?: typeof import('exceljs') }).default ?? module,
  );
  return excel;
}
