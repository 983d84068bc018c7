// Entry of the import worker (inventory-import-worker.ts). The server runs from TypeScript through
// tsx (scripts/start.mjs, tests, benchmarks), and a worker thread does not get the main thread's
// module hooks, so it registers tsx itself before loading the TypeScript of the worker.
import { register } from 'tsx/esm/api';

register();
await import('./inventory-import-worker-thread.ts');
