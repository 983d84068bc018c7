/**
 * The import worker's body (started by inventory-import-worker.ts): reads and checks the workbook
 * (readInventoryFile) and sends back the accepted rows as transferred buffers (in parts while it reads,
 * when asked) and the rejected rows, or the AppError that refused the file.
 */
import { parentPort, workerData } from 'node:worker_threads';

import { AppError } from '../../http/errors';
import { readInventoryFile } from './inventory-import';
import { rowContext } from './inventory-import-rows';
import type { WorkerInput, WorkerOutput } from './inventory-import-worker';

const input = workerData as WorkerInput;
const post = (output: WorkerOutput, transfer: ArrayBuffer[] = []) =>
  parentPort?.postMessage(output, transfer);

try {
  const read = await readInventoryFile(
    Buffer.from(input.bytes),
    input.shopId,
    rowContext(input.dictionaries),
    input.taken,
    input.inParts
      ? (part) => {
          const { packed, transfer } = part.pack();
          post({ part: packed }, transfer);
        }
      : undefined,
  );
  const { packed, transfer } = read.accepted.pack();
  post({ ok: true, accepted: packed, rejected: read.rejected }, transfer);
} catch (error) {
  if (error instanceof AppError) {
    post({
      ok: false,
      refusal: { code: error.code, text: error.text, data: error.data, headers: error.headers },
    });
  } else {
    post({ ok: false, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
