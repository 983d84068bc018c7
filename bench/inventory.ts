/**
 * Inventory import and export benchmark (issue 12).
 *
 *   npm run bench:inventory [-- --db sqlite|postgres] [--rows 50000] [--export-rows 100000]
 *     [--profile <dir>]   (the server writes a CPU profile into <dir> when it stops)
 *
 * Per database: a fresh database, the real server as a child process (demo data), signed in as
 * `admin`. Import: a workbook of `--rows` asset rows (built here like Excel saves it) is parsed alone
 * with ExcelJS's streaming reader in this process (the same-run reference), then uploaded to
 * `importExcelInventory/{shopId}` while the device list is read ten times a second (its p95 during the import)
 * and the server's RSS is sampled. Export: records are topped up to `--export-rows` through the
 * import's own repository write, then `exportInventoryDevices` is downloaded whole, against a bare
 * ExcelJS streaming write of as many rows of as many columns (the same-run reference). All traffic is
 * on 127.0.0.1.
 */
import { PassThrough, Readable, Writable } from 'node:stream';

import ExcelJS from 'exceljs';

import { type DialectName, openDatabase } from '../apps/server/src/db/database';
import { upsertImportedRecords } from '../apps/server/src/modules/inventory/inventory.repository';
import { EXPORT_COLUMNS } from '../apps/server/src/modules/inventory/inventory-export-workbook';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { assetRow, inventoryWorkbook } from './support/inventory-workbook';
import { type Bar, fmt, machineLine, mb, numberArg, printBars, printTable } from './support/report';
import { startSampler, startServer, waitForSettledMemory, waitUntilIdle } from './support/server-child';

const MAX_OVER_REFERENCE = 1.5;
const MAX_IMPORT_MS = 10_000;
const MAX_RSS = 300 * 1024 * 1024;
const ADMIN_COMPANY = 1;
const API = '/api/device-service/aibox/inventory';
const LIST = '/api/device-service/aibox/device/listDevices?pageNum=1&pageSize=20';

interface Figures {
  dialect: DialectName;
  rows: number;
  fileBytes: number;
  parseMs: number;
  importMs: number;
  added: number;
  listP95: number;
  listAnswers: number;
  listFailures: number;
  rssPeak: number;
  /** The server's RSS just before the upload (demo loaded, idle): what the import adds is the rest. */
  rssBefore: number;
  exportRows: number;
  exportMs: number;
  exportBytes: number;
  bareWriteMs: number;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as { ok: boolean; message: string; data: T };
  if (!res.ok || !body.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body.message}`);
  return body.data;
}

/** ExcelJS's streaming parse of `bytes` alone: every cell of every row touched. */
async function bareParse(bytes: Buffer): Promise<number> {
  const started = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let cells = 0;
  for await (const sheet of reader) for await (const row of sheet) cells += (row.values as unknown[]).length;
  if (cells === 0) throw new Error('the reference parse read nothing');
  return performance.now() - started;
}

/** ExcelJS's streaming write of `count` rows of the export's width, to nowhere. */
async function bareWrite(count: number): Promise<number> {
  const started = performance.now();
  const sink = new Writable({ write: (_chunk, _enc, done) => done() });
  const out = new PassThrough();
  out.pipe(sink);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Inventory');
  sheet.addRow(EXPORT_COLUMNS.map((c) => c.header.en)).commit();
  for (let i = 0; i < count; i++) {
    const cells = Object.values(assetRow(i)).map((v) =>
      v instanceof Date ? v.toISOString().slice(0, 10) : v,
    );
    sheet.addRow([...cells, ...cells].slice(0, EXPORT_COLUMNS.length)).commit();
  }
  sheet.commit();
  await workbook.commit();
  return performance.now() - started;
}

function p95(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

let profileArgs: string[] = [];

async function runOn(dialect: DialectName, rows: number, exportRows: number): Promise<Figures> {
  const fresh = await freshDatabase(dialect, 'inventory');
  // `--profile <dir>`: the server writes a CPU profile there when it stops (node --cpu-prof).
  const server = await startServer(fresh.url, `${fresh.dir}/data`, profileArgs);
  const database = openDatabase(fresh.url);
  try {
    const { accessToken } = await call<{ accessToken: string }>(
      `${server.baseUrl}/api/user-service/auth/login`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: process.env.DEMO_PASSWORD ?? 'Storefleet@2026' }),
      },
    );
    const headers = { authorization: `Bearer ${accessToken}` };
    const store = await database.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', ADMIN_COMPANY)
      .orderBy('id')
      .executeTakeFirstOrThrow();

    process.stdout.write(`[${dialect}] building a workbook of ${fmt(rows)} rows…\n`);
    const file = await inventoryWorkbook(rows, (i) => assetRow(i, 'BENCH'));
    process.stdout.write(`[${dialect}] reference: ExcelJS streaming parse alone…\n`);
    const parseMs = await bareParse(file);
    await waitUntilIdle(server.child.pid);
    process.stdout.write(`[${dialect}] waiting for the server's start-up memory to settle…\n`);
    await waitForSettledMemory(server.rss);

    process.stdout.write(`[${dialect}] import of ${fmt(rows)} rows while reading the device list…\n`);
    const rssBefore = server.rss();
    const sampler = startSampler(server.rss, 50);
    let importing = true;
    const latencies: number[] = [];
    let listFailures = 0;
    const reader = (async () => {
      while (importing) {
        const started = performance.now();
        const res = await fetch(`${server.baseUrl}${LIST}`, { headers }).catch(() => null);
        if (res) await res.arrayBuffer();
        if (!res?.ok) listFailures++;
        if (importing) latencies.push(performance.now() - started);
        // A user's pace (10 a second), not a flood that would take the import's CPU.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(file)]), 'inventory.xlsx');
    const started = performance.now();
    const result = await call<{ written: boolean; added: number; rejected: unknown[] }>(
      `${server.baseUrl}${API}/importExcelInventory/${store.id}`,
      { method: 'POST', headers, body: form },
    ).finally(() => {
      importing = false;
    });
    const importMs = performance.now() - started;
    await reader;
    const memory = sampler.stop();
    if (!result.written || result.rejected.length > 0)
      throw new Error(`import rejected ${result.rejected.length} rows`);

    // Top up to `exportRows` records through the import's own write, then export them all.
    const more = Math.max(0, exportRows - rows);
    if (more > 0) {
      process.stdout.write(`[${dialect}] adding ${fmt(more)} more records for the export…\n`);
      const now = Date.now();
      await database.db.transaction().execute((trx) =>
        upsertImportedRecords(
          trx,
          store.id,
          Array.from({ length: more }, (_, i) => ({
            company_id: ADMIN_COMPANY,
            shop_id: store.id,
            asset_no: `MORE-${i}`,
            device_name: `More ${i}`,
            device_category: 'terminal',
            device_class: 'pc',
            status: 1,
            device_brand: 'HP',
            model: `M${i % 50}`,
            device_sn: `MSN${i}`,
            mac_address: null,
            mac_key: null,
            device_system: 1,
            connect_type: 1,
            intranet_ip: '127.0.0.1',
            specifications: 'i5/8G/256G',
            property_type: 'owned',
            service_life: 5,
            custodian: 'bench',
            obtain_time: '2024-01-01',
            vin_no: null,
            inumber: `I${i}`,
            remark: null,
            index_no: String(i),
            created_by: 'bench',
            created_at: now,
            updated_by: 'bench',
            updated_at: now,
          })),
          dialect,
        ),
      );
    }
    await waitUntilIdle(server.child.pid);
    process.stdout.write(`[${dialect}] export of every record…\n`);
    const exportStarted = performance.now();
    const res = await fetch(`${server.baseUrl}${API}/exportInventoryDevices`, { headers });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
    let exportBytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) exportBytes += chunk.length;
    const exportMs = performance.now() - exportStarted;
    const total = await database.db
      .selectFrom('inventory_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', ADMIN_COMPANY)
      .executeTakeFirstOrThrow();
    process.stdout.write(`[${dialect}] reference: bare streaming write of ${fmt(Number(total.n))} rows…\n`);
    const bareWriteMs = await bareWrite(Number(total.n));
    return {
      dialect,
      rows,
      fileBytes: file.length,
      parseMs,
      importMs,
      added: result.added,
      listP95: p95(latencies),
      listAnswers: latencies.length,
      listFailures,
      rssPeak: memory.peak,
      rssBefore,
      exportRows: Number(total.n),
      exportMs,
      exportBytes,
      bareWriteMs,
    };
  } finally {
    await server.stop();
    await database.close();
    await fresh.drop();
  }
}

function barsOf(f: Figures): Bar[] {
  const importRatio = f.importMs / f.parseMs;
  const exportRatio = f.exportMs / f.bareWriteMs;
  return [
    {
      name: `import ≤ ${MAX_OVER_REFERENCE} × ExcelJS streaming parse alone`,
      pass: importRatio <= MAX_OVER_REFERENCE,
      detail: `${fmt(f.importMs)} ms vs ${fmt(f.parseMs)} ms = ${fmt(importRatio, 2)}×`,
    },
    {
      name: `import of ${fmt(f.rows)} rows < ${MAX_IMPORT_MS / 1000} s`,
      pass: f.importMs < MAX_IMPORT_MS,
      detail: `${fmt(f.importMs)} ms`,
    },
    { name: 'server RSS < 300 MB', pass: f.rssPeak < MAX_RSS, detail: `peak ${mb(f.rssPeak)}` },
    {
      name: 'device list answered during the import',
      pass: f.listAnswers > 0 && f.listFailures === 0,
      detail: `${f.listAnswers} answers, ${f.listFailures} failures, p95 ${fmt(f.listP95, 1)} ms`,
    },
    {
      name: `export ≤ ${MAX_OVER_REFERENCE} × bare streaming write`,
      pass: exportRatio <= MAX_OVER_REFERENCE,
      detail: `${fmt(f.exportMs)} ms vs ${fmt(f.bareWriteMs)} ms = ${fmt(exportRatio, 2)}× (${fmt(f.exportRows)} rows)`,
    },
  ];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const rows = numberArg(argv, 'rows', 50_000);
  const exportRows = numberArg(argv, 'export-rows', 100_000);
  const profileAt = argv.indexOf('--profile');
  if (profileAt >= 0 && argv[profileAt + 1])
    profileArgs = ['--cpu-prof', '--cpu-prof-dir', argv[profileAt + 1] as string];
  process.stdout.write(`${machineLine()}\n`);
  const results: Figures[] = [];
  for (const dialect of dialectsFromArgs(argv)) results.push(await runOn(dialect, rows, exportRows));
  process.stdout.write(`\nInventory import and export — ${new Date().toISOString()}\n${machineLine()}\n\n`);
  const col = (pick: (f: Figures) => string) => results.map(pick);
  printTable(
    ['', ...results.map((f) => f.dialect)],
    [
      ['rows imported / file size', ...col((f) => `${fmt(f.added)} / ${mb(f.fileBytes)}`)],
      ['reference: ExcelJS streaming parse', ...col((f) => `${fmt(f.parseMs)} ms`)],
      [
        'import (upload → reply)',
        ...col((f) => `${fmt(f.importMs)} ms (${fmt(f.importMs / f.parseMs, 2)}×)`),
      ],
      ['device list p95 during import', ...col((f) => `${fmt(f.listP95, 1)} ms (${f.listAnswers} answers)`)],
      ['server RSS before / peak (import)', ...col((f) => `${mb(f.rssBefore)} / ${mb(f.rssPeak)}`)],
      ['reference: bare streaming write', ...col((f) => `${fmt(f.bareWriteMs)} ms`)],
      [
        'export (request → last byte)',
        ...col((f) => `${fmt(f.exportMs)} ms (${fmt(f.exportMs / f.bareWriteMs, 2)}×), ${mb(f.exportBytes)}`),
      ],
    ],
  );
  process.stdout.write('\n');
  let allPass = true;
  for (const f of results) allPass = printBars(f.dialect, barsOf(f)) && allPass;
  process.exitCode = allPass ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:inventory failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(2);
});
