/**
 * The storm benchmark's sweeps (storm.ts): the offline sweep run as the server runs it, each of its
 * transactions timed.
 */
import type { Kysely } from 'kysely';

import type { AppContext } from '../../apps/server/src/context';
import type { Database, DB } from '../../apps/server/src/db/database';
import { type SweepContext, sweepOfflineDevices } from '../../apps/server/src/engine/jobs/offline-sweep';
import { getMonitoringSettings } from '../../apps/server/src/modules/config/config.service';

/** One sweep's figures. */
export interface SweepFigures {
  totalMs: number;
  /** Each transaction of the sweep, ms (marking chunks, then the due-holds passes). */
  transactionsMs: number[];
  markedOffline: number;
}

/**
 * The handle the sweep writes through, timing each transaction it runs (the wait for the connection
 * included: the notifier, woken by the sweep's first commit, runs beside the later ones as it would in
 * the server).
 */
function timedDatabase(database: Database, times: number[]): Database {
  const db = database.db;
  const timed = new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return () => {
          const builder = target.transaction();
          return {
            execute: async <T>(fn: Parameters<typeof builder.execute<T>>[0]) => {
              const start = performance.now();
              try {
                return await builder.execute(fn);
              } finally {
                times.push(performance.now() - start);
              }
            },
          };
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Kysely<DB>;
  return { ...database, db: timed };
}

/** Runs the offline sweep over the whole fleet at `now`, timing it and each of its transactions. */
export async function timedSweep(ctx: AppContext, now: number): Promise<SweepFigures> {
  const transactionsMs: number[] = [];
  const sweepCtx: SweepContext = {
    db: ctx.db,
    database: timedDatabase(ctx.database, transactionsMs),
    rulesCache: ctx.engine.rulesCache,
    statusBus: ctx.engine.statusBus,
  };
  const start = performance.now();
  const result = await sweepOfflineDevices(sweepCtx, now, getMonitoringSettings);
  return {
    totalMs: performance.now() - start,
    transactionsMs,
    markedOffline: result.statusChanges.length,
  };
}
