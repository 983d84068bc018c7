/**
 * Reading an inventory workbook in a worker thread (docs/decisions/inventory.md, "Import in a worker").
 *
 * Reading and checking 50,000 rows makes short-lived garbage in whatever heap runs it. In a worker it
 * lands in a heap of its own whose size is bounded (`resourceLimits`), all of it given back when the
 * worker ends, and the server's thread stays free for other requests meanwhile. The worker sends back
 * the accepted rows as the compact buffers of AcceptedRows (transferred, not copied) and the rejected
 * rows. The built server starts the worker from its own plain-JavaScript bundle; from source, a boot
 * file registers tsx first (slower to start, used by the tests).
 *
 * One import reads at a time per process (a queue): two at once would need twice the memory.
 * A worker that runs out of its memory is a 413 asking for smaller files, never a crashed server.
 */
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@storefleet/contracts';
import { AppError, type Message } from '../../http/errors';
import type { ImportRead, OnAcceptedPart, RejectedRow, TakenValues } from './inventory-import';
import { AcceptedRows, type PackedRows } from './inventory-import-accepted';
import type { ImportDictionaries } from './inventory-import-rows';

/** What the worker gets (structured clone; `bytes` is transferred). */
export interface WorkerInput {
  bytes: ArrayBuffer;
  shopId: number;
  dictionaries: ImportDictionaries;
  taken: TakenValues;
  /** Send accepted rows in parts while reading (readInventoryFile's `onPart`). */
  inParts: boolean;
}

export type WorkerOutput =
  | { part: PackedRows }
  | { ok: true; accepted: PackedRows; rejected: RejectedRow[] }
  | {
      ok: false;
      refusal: { code: ErrorCode; text: Message; data: unknown; headers: Readonly<Record<string, string>> };
    }
  | { ok: false; failure: string };

/**
 * The worker's heap. The old generation's bound leaves room for the largest legal file (the
 * benchmark's 100,000 full rows read within it; 96 MB made the 50,000-row parse 7× slower, the
 * collector running near the bound), so only a file far past that, or one built to blow up the
 * parser, reaches it: that import fails with a 413 and the server's own heap never held it. Young
 * generation 16 MB: 8 MB did not lower the peak; 4 MB (with 96 MB old) lowered it by ~25 MB at 7×
 * the time (bench/README.md, "Inventory import and export").
 */
export const IMPORT_WORKER_LIMITS = {
  maxYoungGenerationSizeMb: 16,
  maxOldGenerationSizeMb: 256,
};

/**
 * The worker's entry: run from source (tests, through tsx) a boot file registers tsx first; the built
 * server (scripts/server-build.mjs) has the worker's own bundle beside it, plain JavaScript.
 */
const WORKER_ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./inventory-import-worker-boot.mjs', import.meta.url)
  : new URL('./inventory-import-worker-thread.mjs', import.meta.url);

let queue: Promise<unknown> = Promise.resolve();

function outOfMemory(): AppError {
  const rule = {
    zh: '读取时所需内存超过一次导入允许的上限，未导入任何数据；请分成几个较小的文件导入',
    en: 'needs more memory to read than one import may use, so nothing was imported; split it into several smaller files',
  };
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    { zh: `file：${rule.zh}`, en: `file: ${rule.en}` },
    { fields: [{ field: 'file', message: rule }] },
  );
}

function run(input: WorkerInput, onPart?: OnAcceptedPart): Promise<ImportRead> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_ENTRY, {
      workerData: input,
      transferList: [input.bytes],
      // Not the server's flags (from source, --import tsx: the boot file registers tsx itself).
      execArgv: [],
      resourceLimits: IMPORT_WORKER_LIMITS,
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
    };
    worker.on('message', (output: WorkerOutput) => {
      if ('part' in output) {
        if (!settled) onPart?.(AcceptedRows.unpack(output.part));
        return;
      }
      settle(() => {
        if (output.ok) {
          resolve({ accepted: AcceptedRows.unpack(output.accepted), rejected: output.rejected });
        } else if ('refusal' in output) {
          const r = output.refusal;
          reject(new AppError(r.code, r.text, r.data, { ...r.headers }));
        } else {
          reject(new Error(`inventory import worker: ${output.failure}`));
        }
      });
    });
    worker.once('error', (error: Error & { code?: string }) => {
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory() : error));
    });
    worker.once('exit', (code) => {
      settle(() =>
        reject(new Error(`inventory import worker stopped (exit code ${code}) without an answer`)),
      );
    });
  });
}

/**
 * readInventoryFile in a worker thread: the same outcome (rows, refusals) with the parse's memory
 * kept out of the server's heap; `onPart` gets the accepted rows in parts while the worker reads.
 * Reads wait for the one before them.
 */
export function readInventoryFileInWorker(
  bytes: Buffer,
  shopId: number,
  dictionaries: ImportDictionaries,
  taken: TakenValues,
  onPart?: OnAcceptedPart,
): Promise<ImportRead> {
  // The worker gets its own copy of the upload (transferred to it): the request's buffer may be a
  // slice of a larger one.
  const copy = new ArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  const next = queue.then(() =>
    run({ bytes: copy, shopId, dictionaries, taken, inParts: onPart !== undefined }, onPart),
  );
  queue = next.catch(() => undefined);
  return next;
}
