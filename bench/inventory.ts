/**
 * Inventory import and export benchmark (issue 12).
 *
 *   npm run bench:inventory [-- --db sqlite|postgres] [--rows 50000] [--export-rows 100000] [--runs 3]
 *     [--profile <dir>]   (the server writes a CPU profile into <dir> when it stops)
 *
 * Per database: a fresh database, the real server as a child process (demo data), signed in as
 * `admin`. Import, `--runs` times (medians compared): a workbook of `--rows` asset rows (built here like
 * Excel saves it) is parsed alone with ExcelJS's streaming reader in a fresh process (the same-run
 * reference, as cold as the import's fresh worker), then uploaded to
 * `importExcelInventory/{shopId}` while the device list is read ten times a second (its p95 during the import)
 * and the server's RSS is sampled. Export: records are topped up to `--export-rows` through the
 * import's own repository write, then `exportInventoryDevices` is downloaded whole, against a bare
 * ExcelJS streaming write of as many rows of as many columns (the same-run reference). All traffic is
 * on 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { promisify } from 'node:util';

import ExcelJS from 'exceljs';
import { sql } from 'kysely';

import { type DialectName, openDatabase } from '../apps/server/src/db/database';
import { EXPORT_COLUMNS } from '../apps/server/src/modules/inventory/inventory-export-workbook';
import {
  refreshInventoryStatistics,
  upsertImportedRecords,
} from '../apps/server/src/modules/inventory/inventory-import.repository';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { assetRow, inventoryWorkbook } from './support/inventory-workbook';
import { type Bar, fmt, machineLine, mb, median, numberArg, printBars, printTable } from './support/report';
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
  runs: number;
  fileBytes: number;
  /** Medians of the runs. */
  parseMs: number;
  importMs: number;
  parseRuns: number[];
  importRuns: number[];
  added: number;
  listP95: number;
  listAnswers: number;
  listFailures: number;
  rssPeak: number;
  rssPeaks: number[];
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
/**
 * ExcelJS's streaming parse of `bytes` alone, in a fresh process (support/exceljs-parse-child.mjs):
 * as cold as the import, which reads each upload in a fresh worker thread. A parse in this process
 * would run warmer at each run (its JIT keeps ExcelJS compiled) than the import it is compared with.
 */
async function bareParse(bytes: Buffer, dir: string): Promise<number> {
  const file = join(dir, 'reference.xlsx');
  await writeFile(file, bytes);
  const { stdout } = await run(process.execPath, [PARSE_CHILD, file]);
  return (JSON.parse(stdout) as { ms: number }).ms;
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

const run = promisify(execFile);
const PARSE_CHILD = new URL('./support/exceljs-parse-child.mjs', import.meta.url).pathname;

interface ImportTry {
  parseMs: number;
  importMs: number;
  fileBytes: number;
  added: number;
  latencies: number[];
  listFailures: number;
  rssBefore: number;
  rssPeak: number;
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** One import of `file` into store `shopId` while the device list is read; its figures. */
async function importOnce(
  server: Server,
  headers: Record<string, string>,
  shopId: number,
  file: Buffer,
): Promise<Omit<ImportTry, 'parseMs' | 'fileBytes'>> {
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
    `${server.baseUrl}${API}/importExcelInventory/${shopId}`,
    { method: 'POST', headers, body: form },
  ).finally(() => {
    importing = false;
  });
  const importMs = performance.now() - started;
  await reader;
  const memory = sampler.stop();
  if (!result.written || result.rejected.length > 0)
    throw new Error(`import rejected ${result.rejected.length} rows`);
  return { importMs, added: result.added, latencies, listFailures, rssBefore, rssPeak: memory.peak };
}

async function runOn(dialect: DialectName, rows: number, exportRows: number, runs: number): Promise<Figures> {
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

    // `runs` times: a workbook of its own asset numbers, the reference parse of it alone, then its
    // import; the medians are compared. Between runs the imported records are deleted again (their
    // MACs and serial numbers would be refused by the next run's rows).
    const tries: ImportTry[] = [];
    for (let k = 1; k <= runs; k++) {
      const prefix = `BENCH${k}`;
      process.stdout.write(`[${dialect}] run ${k}/${runs}: building a workbook of ${fmt(rows)} rows…\n`);
      const file = await inventoryWorkbook(rows, (i) => assetRow(i, prefix));
      process.stdout.write(`[${dialect}] run ${k}/${runs}: reference: ExcelJS streaming parse alone…\n`);
      const parseMs = await bareParse(file, fresh.dir);
      await waitUntilIdle(server.child.pid);
      process.stdout.write(`[${dialect}] run ${k}/${runs}: waiting for the server's memory to settle…\n`);
      await waitForSettledMemory(server.rss);
      process.stdout.write(
        `[${dialect}] run ${k}/${runs}: import of ${fmt(rows)} rows while reading the device list…\n`,
      );
      tries.push({ ...(await importOnce(server, headers, store.id, file)), parseMs, fileBytes: file.length });
      if (k < runs) {
        await database.db.deleteFrom('inventory_records').where('asset_no', 'like', `${prefix}-%`).execute();
        if (dialect === 'postgres') await sql`vacuum analyze inventory_records`.execute(database.db);
      }
    }
    const last = tries.at(-1) as ImportTry;
    const latencies = tries.flatMap((t) => t.latencies);

    // Top up to `exportRows` records through the import's own write (and its statistics refresh), then
    // export them all.
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
      // As the import does after a large write (its statistics refresh, inventory-import.service.ts).
      await refreshInventoryStatistics(database.db, dialect);
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
      runs,
      fileBytes: last.fileBytes,
      parseMs: median(tries.map((t) => t.parseMs)),
      importMs: median(tries.map((t) => t.importMs)),
      parseRuns: tries.map((t) => t.parseMs),
      importRuns: tries.map((t) => t.importMs),
      added: last.added,
      listP95: p95(latencies),
      listAnswers: latencies.length,
      listFailures: tries.reduce((n, t) => n + t.listFailures, 0),
      rssPeak: Math.max(...tries.map((t) => t.rssPeak)),
      rssPeaks: tries.map((t) => t.rssPeak),
      rssBefore: tries[0]?.rssBefore ?? 0,
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
  const runs = numberArg(argv, 'runs', 3);
  const profileAt = argv.indexOf('--profile');
  if (profileAt >= 0 && argv[profileAt + 1])
    profileArgs = ['--cpu-prof', '--cpu-prof-dir', argv[profileAt + 1] as string];
  process.stdout.write(`${machineLine()}\n`);
  const results: Figures[] = [];
  for (const dialect of dialectsFromArgs(argv)) results.push(await runOn(dialect, rows, exportRows, runs));
  process.stdout.write(`\nInventory import and export — ${new Date().toISOString()}\n${machineLine()}\n\n`);
  const col = (pick: (f: Figures) => string) => results.map(pick);
  printTable(
    ['', ...results.map((f) => f.dialect)],
    [
      ['rows imported / file size', ...col((f) => `${fmt(f.added)} / ${mb(f.fileBytes)}`)],
      [
        'reference: ExcelJS streaming parse (median)',
        ...col((f) => `${fmt(f.parseMs)} ms (${f.parseRuns.map((v) => fmt(v)).join(', ')})`),
      ],
      [
        'import, upload → reply (median)',
        ...col(
          (f) =>
            `${fmt(f.importMs)} ms (${fmt(f.importMs / f.parseMs, 2)}×; ${f.importRuns.map((v) => fmt(v)).join(', ')})`,
        ),
      ],
      ['device list p95 during import', ...col((f) => `${fmt(f.listP95, 1)} ms (${f.listAnswers} answers)`)],
      [
        'server RSS before / peak (imports)',
        ...col((f) => `${mb(f.rssBefore)} / ${mb(f.rssPeak)} (${f.rssPeaks.map((v) => mb(v)).join(', ')})`),
      ],
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
