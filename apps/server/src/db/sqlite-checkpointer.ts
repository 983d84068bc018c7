/**
 * WAL checkpoints off the event loop. SQLite's default copies the write-ahead log back into the
 * database file inside the commit that crosses 1000 pages, on the committing thread: under ingest that
 * was a quarter of the time the server spent committing (bench/ingest.ts, SQLite store mix: commits
 * 1.36 s → 0.40 s of a 10 s burst when checkpoints were taken off). So the server's connection
 * checkpoints only as a fallback (every FALLBACK_PAGES pages, should this thread fall behind) and a
 * worker thread with its own connection runs a PASSIVE checkpoint every INTERVAL_MS, which never
 * blocks the writer; the next write after a complete checkpoint starts the log over, so it stays small.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints. */
const INTERVAL_MS = 1000;
/** wal_autocheckpoint of the server's connection: the fallback (~40 MB of log at 4 KiB pages). */
export const FALLBACK_PAGES = 10_000;

/** The worker's code: plain JavaScript (no TypeScript loader in a worker), better-sqlite3 by path. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Runs a last checkpoint, closes the worker's connection and ends the worker. */
  stop(): Promise<void>;
}

/** Starts the checkpoint worker for the SQLite file at `path`; `onError` hears failed checkpoints. */
export function startCheckpointer(path: string, onError: (message: string) => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, driver, intervalMs: INTERVAL_MS },
  });
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on('error', (error) => onError(error.message));
  // A server stopping without close() must not wait for this thread.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: async () => {
      // Referenced again while it finishes: awaiting an unreferenced thread would let the process
      // end (nothing else keeping it alive) before the last checkpoint and close.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
