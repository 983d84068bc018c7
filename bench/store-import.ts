/**
 * Store import benchmark (issue 33 §4: 10,000 stores in under 10 s on this machine).
 *
 *   npm run bench:store-import [-- --db sqlite|postgres] [--rows 10000] [--runs 3]
 *
 * Per database: a fresh database, the real server as a child process (demo data), signed in as `admin`.
 * `--runs` times: a workbook of `--rows` stores of their own numbers (5 regions, 30 provinces, 60
 * cities the tree lacks, so the tree is written too) is parsed alone by ExcelJS's streaming reader in a
 * fresh process (the same-run reference: the library's own parse of the same file), then uploaded to
 * `store/import`. Medians are compared. All traffic is on 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';

import { StoreEndpoints } from '@storefleet/contracts';
import ExcelJS from 'exceljs';

import { STORE_COLUMNS } from '../apps/server/src/modules/stores/store-columns';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { type Bar, fmt, machineLine, median, numberArg, printBars, printTable } from './support/report';
import { startServer, waitUntilIdle } from './support/server-child';

const MAX_IMPORT_MS = 10_000;
const run = promisify(execFile);
const PARSE_CHILD = new URL('./support/exceljs-parse-child.mjs', import.meta.url).pathname;

/** A workbook of `rows` stores as Excel saves one (shared strings off: what ExcelJS writes). */
async function storeWorkbook(rows: number, prefix: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Stores');
  sheet.addRow(STORE_COLUMNS.map((c) => c.title.en)).commit();
  for (let i = 0; i < rows; i++) {
    const province = i % 30;
    sheet
      .addRow([
        `${prefix}-${String(i).padStart(6, '0')}`,
        `${prefix} store ${i}`,
        `${i} Harbour Road`,
        `${prefix} region ${province % 5}`,
        `${prefix} province ${province}`,
        `${prefix} city ${province}-${i % 4}`,
        'Normal',
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as { ok: boolean; message: string; data: T };
  if (!res.ok || !body.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body.message}`);
  return body.data;
}

interface Figures {
  dialect: string;
  parseMs: number;
  importMs: number;
  fileBytes: number;
}

async function runOn(dialect: 'sqlite' | 'postgres', rows: number, runs: number): Promise<Figures> {
  const fresh = await freshDatabase(dialect, 'store-import');
  const server = await startServer(fresh.url, `${fresh.dir}/data`);
  try {
    const { accessToken } = await call<{ accessToken: string }>(
      `${server.baseUrl}/api/user-service/auth/login`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: process.env.DEMO_PASSWORD ?? 'Storefleet@2026' }),
      },
    );
    const parse: number[] = [];
    const imports: number[] = [];
    let fileBytes = 0;
    for (let k = 1; k <= runs; k++) {
      const file = await storeWorkbook(rows, `B${k}`);
      fileBytes = file.length;
      const path = join(fresh.dir, `stores-${k}.xlsx`);
      await writeFile(path, file);
      const { stdout } = await run(process.execPath, [PARSE_CHILD, path]);
      parse.push((JSON.parse(stdout) as { ms: number }).ms);
      await waitUntilIdle(server.child.pid);
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(file)]), 'stores.xlsx');
      const started = performance.now();
      const result = await call<{ written: boolean; added: number; levelsAdded: number }>(
        `${server.baseUrl}${StoreEndpoints.importStores.path}`,
        { method: 'POST', headers: { authorization: `Bearer ${accessToken}` }, body: form },
      );
      imports.push(performance.now() - started);
      if (!result.written || result.added !== rows) throw new Error(`run ${k}: ${JSON.stringify(result)}`);
      process.stdout.write(
        `[${dialect}] run ${k}/${runs}: parse ${fmt(parse.at(-1) ?? 0)} ms, import ${fmt(imports.at(-1) ?? 0)} ms (${fmt(result.levelsAdded)} tree nodes)\n`,
      );
    }
    return { dialect, parseMs: median(parse), importMs: median(imports), fileBytes };
  } finally {
    await server.stop();
    await fresh.drop();
  }
}

const argv = process.argv.slice(2);
const rows = numberArg(argv, 'rows', 10_000);
const runs = numberArg(argv, 'runs', 3);
process.stdout.write(`${machineLine()}\n`);
const figures: Figures[] = [];
for (const dialect of dialectsFromArgs(argv)) figures.push(await runOn(dialect, rows, runs));
printTable(
  ['database', 'stores', 'file', 'ExcelJS parse alone (ms)', 'import (ms)', 'import / parse'],
  figures.map((f) => [
    f.dialect,
    fmt(rows),
    `${fmt(f.fileBytes / 1024)} KiB`,
    fmt(f.parseMs),
    fmt(f.importMs),
    `${fmt(f.importMs / f.parseMs, 2)}×`,
  ]),
);
const bars: Bar[] = figures.map((f) => ({
  name: `${f.dialect}: ${fmt(rows)} stores imported`,
  pass: f.importMs < MAX_IMPORT_MS,
  detail: `${fmt(f.importMs)} ms < ${fmt(MAX_IMPORT_MS)} ms (median of ${runs})`,
}));
process.exit(printBars('store import', bars) ? 0 : 1);
