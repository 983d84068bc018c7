/**
 * The inventory benchmark's reference (bench/inventory.ts): ExcelJS's streaming parse of one workbook,
 * alone, in a fresh process — as cold as the server's import, which reads each upload in a fresh
 * worker thread. Prints the parse's milliseconds (ExcelJS already loaded) as JSON on stdout.
 *
 *   node bench/support/exceljs-parse-child.mjs <file.xlsx>
 */
import { createReadStream } from 'node:fs';

import ExcelJS from 'exceljs';

const file = process.argv[2];
if (!file) throw new Error('usage: exceljs-parse-child.mjs <file.xlsx>');
const started = performance.now();
const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
  worksheets: 'emit',
  sharedStrings: 'cache',
  styles: 'cache',
  hyperlinks: 'ignore',
  entries: 'ignore',
});
let cells = 0;
for await (const sheet of reader) for await (const row of sheet) cells += row.values.length;
if (cells === 0) throw new Error('the reference parse read nothing');
process.stdout.write(`${JSON.stringify({ ms: performance.now() - started, cells })}\n`);
