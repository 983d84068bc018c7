// The simulator's command line: `npm run simulator -- --server http://127.0.0.1:8080 --keys-file keys.txt`.
import { parseCli, USAGE } from './cli';
import { type FleetStats, startFleet } from './fleet';
import { consoleLog } from './log';

function main(): void {
  let settings: ReturnType<typeof parseCli>;
  try {
    settings = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  const { fleet: options } = settings;
  let fleet: ReturnType<typeof startFleet>;
  try {
    fleet = startFleet({ ...options, log: consoleLog });
  } catch (error) {
    consoleLog('error', error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  consoleLog(
    'info',
    `simulating ${options.boxes.length} box(es) against ${options.serverUrl} (seed ${String(options.seed)}${options.burst ? `, burst of ${options.burst.batchSize}` : ''})`,
  );
  const report = () => consoleLog('info', summary(fleet.stats()));
  const reporter =
    settings.statsEverySeconds > 0 ? setInterval(report, settings.statsEverySeconds * 1000) : null;
  const finish = (code: number) => {
    if (reporter) clearInterval(reporter);
    report();
    fleet.stop().then(
      () => process.exit(code),
      () => process.exit(1),
    );
  };
  if (options.burst?.valuesPerBox !== undefined) {
    fleet.drained().then(
      () => finish(0),
      () => finish(1),
    );
  }
  process.once('SIGINT', () => finish(0));
  process.once('SIGTERM', () => finish(0));
}

function summary(stats: FleetStats): string {
  return [
    `${stats.linked}/${stats.boxes} linked`,
    `${stats.generated} generated`,
    `${stats.acked} acked`,
    `${stats.valuesPerSecond} values/s`,
    `${stats.resent} resent`,
    `${stats.dropped} dropped`,
    `${stats.depth} waiting`,
    `${stats.outages} outages`,
  ].join(', ');
}

main();
