/**
 * A streamed .xlsx of rows that arrive in batches: ExcelJS's WorkbookWriter commits each row as it
 * comes into a stream the reply sends as it fills, so a large export is never a workbook model in
 * memory, and the producer waits while the reader is behind (backpressure). Every text cell goes
 * through the house's formula escaping (`inertCell`: a leading = + - @, tab or CR gets an
 * apostrophe): exported fields are attacker input (a device's own name, an imported text).
 *
 * The usage and inventory exports use it (modules/usage/usage-export-workbook.ts,
 * modules/inventory/inventory-export-workbook.ts), each with its own columns.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';

import type { Label, Lang } from '@storefleet/contracts';
import type ExcelJS from 'exceljs';

import { inertCell } from './inert-cell';
import { loadExcel } from './spreadsheet-upload';

export type XlsxCell = string | number | null;

/** A column: its header in both languages, width, and the cell of a row. */
export interface XlsxColumn<T> {
  header: Label;
  width: number;
  cell: (row: T, lang: Lang) => XlsxCell;
}

/** Excel's limit on the characters of one cell. */
const CELL_LIMIT = 32_767;
/** Bytes the reader may be behind before the producer waits. */
const HIGH_WATER = 1024 * 1024;

/** One row's cells in `lang`, text escaped and cut to Excel's cell limit. */
export function xlsxCells<T>(columns: readonly XlsxColumn<T>[], row: T, lang: Lang): XlsxCell[] {
  return columns.map((c) => {
    const value = c.cell(row, lang);
    return typeof value === 'string' ? inertCell(value).slice(0, CELL_LIMIT) : value;
  });
}

/** Resolves when `stream` drains or closes (listeners removed either way). */
async function drainOrClose(stream: PassThrough): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: stop.signal }),
      once(stream, 'close', { signal: stop.signal }),
    ]);
  } finally {
    stop.abort();
  }
}

/**
 * The workbook (one sheet named `sheet`, header row frozen) of `first` and every batch `rest` yields.
 * The caller reads the first batch before the reply starts (a bad query is a 4xx, not a broken
 * download). A failure while writing destroys the stream (the download breaks instead of ending short).
 */
export function xlsxStream<T>(
  columns: readonly XlsxColumn<T>[],
  sheet: Label,
  first: readonly T[],
  rest: AsyncIterable<readonly T[]>,
  lang: Lang,
): Readable {
  const out = new PassThrough({ highWaterMark: HIGH_WATER });
  const produce = async () => {
    const { stream } = await loadExcel();
    const workbook = new stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const worksheet = workbook.addWorksheet(sheet[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = columns.map((c, i) => ({ key: String(i), width: c.width }));
    const header = worksheet.addRow(columns.map((c) => c.header[lang]));
    header.font = { bold: true };
    header.commit();
    // One shared (plain) style object: ExcelJS resolves a style once per object.
    const bodyStyle: Partial<ExcelJS.Style> = {};
    const write = async (batch: readonly T[]) => {
      for (const item of batch) {
        const row = worksheet.addRow(xlsxCells(columns, item, lang));
        row.eachCell({ includeEmpty: true }, (cell) => {
          cell.style = bodyStyle;
        });
        row.commit();
      }
      while (out.writableNeedDrain && !out.destroyed) await drainOrClose(out);
      if (out.destroyed) throw new Error('the download was closed');
    };
    await write(first);
    for await (const batch of rest) await write(batch);
    worksheet.commit();
    await workbook.commit();
  };
  produce().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
