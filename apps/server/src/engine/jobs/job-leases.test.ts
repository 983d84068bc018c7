// Several nodes on one database run each scheduled job once (issue 15): two job runners on the same
// database with short periods; only the lease holder sweeps, a dead holder's job moves to the other
// when its lease runs out, and a stopping node hands its jobs on at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app';
import { newNodeIdentity } from '../cluster/node-identity';
import { EngineMetrics } from '../engine-metrics';
import { listLeases, takeLease } from './job-leases.repository';
import { JobScheduler } from './job-scheduler';
import { MonitoringJobs } from './monitoring-jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  // The app's own runner would take the sweep's lease for 90 s at its first tick.
  await t.ctx.scheduler.stop();
});
afterAll(() => t.close());

const timers = { everyMs: { 'offline-sweep': 100 }, leasePeriods: 5 };

/** A second "node": a runner on the same database with its own figures. */
function node(): { jobs: JobScheduler; sweeps: () => Promise<number> } {
  const metrics = new EngineMetrics();
  const monitoring = new MonitoringJobs({ ...t.parts, metrics }, t.ctx.jobs.settings);
  const jobs = new JobScheduler(t.ctx, newNodeIdentity().id, timers);
  for (const job of monitoring.scheduledJobs()) jobs.add(job);
  const sweeps = async () =>
    (await metrics.jobSeconds.get()).values
      .filter(
        (v) => v.metricName === 'storefleet_job_duration_seconds_count' && v.labels.job === 'offline-sweep',
      )
      .reduce((sum, v) => sum + v.value, 0);
  return { jobs, sweeps };
}

describe('job leases', () => {
  it('lets one node of two run the offline sweep, and hands it on when that node dies or stops', async () => {
    const a = node();
    const b = node();
    a.jobs.start();
    b.jobs.start();
    try {
      await expect
        .poll(async () => (await a.sweeps()) + (await b.sweeps()), { timeout: 60_000 })
        .toBeGreaterThanOrEqual(4);
      const [sweepsA, sweepsB] = [await a.sweeps(), await b.sweeps()];
      // One of them holds the lease and sweeps; the other never did.
      expect(Math.min(sweepsA, sweepsB)).toBe(0);
      const holder = sweepsA > 0 ? a : b;
      const other = holder === a ? b : a;
      expect((await listLeases(t.ctx.db)).find((l) => l.name === 'offline-sweep')?.holder).toBe(
        holder.jobs.node,
      );

      // The holder dies (timers gone, lease kept): the other takes over once the lease ran out.
      holder.jobs.halt();
      await expect.poll(() => other.sweeps(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
      expect((await listLeases(t.ctx.db)).find((l) => l.name === 'offline-sweep')?.holder).toBe(
        other.jobs.node,
      );

      // Stopping gives the leases up at once.
      await other.jobs.stop();
      expect((await listLeases(t.ctx.db)).filter((l) => l.holder === other.jobs.node)).toEqual([]);
    } finally {
      a.jobs.halt();
      b.jobs.halt();
    }
  });

  it('gives a lease to one of two takers at the same instant, and never takes a live lease', async () => {
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => takeLease(t.ctx.db, 'race', `node-${i}`, now, now + 60_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = `node-${results.indexOf(true)}`;
    // The holder renews; another node cannot take it before it runs out, and can after.
    expect(await takeLease(t.ctx.db, 'race', winner, now + 1_000, now + 61_000)).toBe(true);
    expect(await takeLease(t.ctx.db, 'race', 'late-node', now + 30_000, now + 90_000)).toBe(false);
    expect(await takeLease(t.ctx.db, 'race', 'late-node', now + 61_001, now + 121_001)).toBe(true);
  });
});
