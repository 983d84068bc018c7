import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { parseOpeningHours } from './daily-pattern';
import type { FleetOptions } from './fleet';

export const USAGE = `Usage: npm run simulator -- --server <url> (--keys-file <file> | --key <key> …) [options]

  --server <url>           console server on this machine, e.g. http://127.0.0.1:8080
                           (env STOREFLEET_SERVER); anything but loopback is refused
  --key <key>              a box's security key; repeat for several boxes
  --keys-file <file>       one key per line (blank lines and # comments skipped)
  --seed <text>            seed of every random choice (default 1)
  --interval <seconds>     report interval, overrides the server's
  --time-scale <n>         simulated day runs n times faster than the clock (default 1)
  --opening-hours <h-h>    store opening hours, local time (default 08:00-22:00)
  --utc-offset <minutes>   the stores' UTC offset, minutes east (default this machine's)
  --no-episodes            no offline episodes or store outages
  --burst <n>              benchmark: batches of n values (1-1000) as fast as acks allow
  --burst-in-flight <n>    batches sent ahead of the acks in burst mode (default 4)
  --burst-values <n>       stop each box after n values and exit when all are acked
  --burst-mix <mix>        store (every kind, default) or reachability (cheapest values only)
  --stats-every <seconds>  print fleet stats this often (default 10; 0 never)
`;

/** Thrown for a command line a person must fix; the message says what. */
export class UsageError extends Error {}

export interface CliSettings {
  fleet: Omit<FleetOptions, 'log'>;
  statsEverySeconds: number;
}

/** Reads the command line and environment into fleet options, or throws UsageError. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliSettings {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const serverUrl = values.server ?? env.STOREFLEET_SERVER;
  if (!serverUrl) throw new UsageError('--server (or STOREFLEET_SERVER) is required');
  const keys = [...(values.key ?? [])];
  if (values['keys-file'] !== undefined) keys.push(...readKeys(values['keys-file']));
  if (keys.length === 0) throw new UsageError('give at least one box key with --key or --keys-file');
  const burstSize = optionalNumber(values.burst, '--burst', true);
  const burstOnly = values['burst-values'] ?? values['burst-in-flight'] ?? values['burst-mix'];
  if (burstSize === undefined && burstOnly !== undefined) {
    throw new UsageError('--burst-values, --burst-in-flight and --burst-mix need --burst <batch size>');
  }
  const mix = values['burst-mix'] ?? 'store';
  if (mix !== 'store' && mix !== 'reachability')
    throw new UsageError('--burst-mix must be store or reachability');
  try {
    return {
      fleet: {
        serverUrl,
        boxes: keys.map((key) => ({ key })),
        seed: values.seed ?? 1,
        intervalSeconds: optionalNumber(values.interval, '--interval', false),
        timeScale: optionalNumber(values['time-scale'], '--time-scale', false),
        openingHours:
          values['opening-hours'] === undefined ? undefined : parseOpeningHours(values['opening-hours']),
        utcOffsetMinutes: optionalOffset(values['utc-offset']),
        episodes: !values['no-episodes'],
        burst:
          burstSize === undefined
            ? undefined
            : {
                batchSize: burstSize,
                maxInFlight: optionalNumber(values['burst-in-flight'], '--burst-in-flight', true),
                valuesPerBox: optionalNumber(values['burst-values'], '--burst-values', true),
                mix,
              },
      },
      statsEverySeconds: optionalNumber(values['stats-every'], '--stats-every', false, true) ?? 10,
    };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      key: { type: 'string', multiple: true },
      'keys-file': { type: 'string' },
      seed: { type: 'string' },
      interval: { type: 'string' },
      'time-scale': { type: 'string' },
      'opening-hours': { type: 'string' },
      'utc-offset': { type: 'string' },
      'no-episodes': { type: 'boolean', default: false },
      burst: { type: 'string' },
      'burst-in-flight': { type: 'string' },
      'burst-values': { type: 'string' },
      'burst-mix': { type: 'string' },
      'stats-every': { type: 'string' },
    },
    strict: true,
  });
}

/** Keys from a file: one per line, surrounding blanks trimmed, blank lines and `#` comments skipped. */
export function readKeys(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read the keys file ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function optionalNumber(
  text: string | undefined,
  flag: string,
  whole: boolean,
  zeroOk = false,
): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  const valid =
    text.trim() !== '' && Number.isFinite(n) && (zeroOk ? n >= 0 : n > 0) && (!whole || Number.isInteger(n));
  if (!valid) {
    const kind = whole ? 'a whole number' : 'a number';
    throw new UsageError(`${flag} must be ${kind} ${zeroOk ? 'of 0 or more' : 'above 0'} (got "${text}")`);
  }
  return n;
}

function optionalOffset(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < -720 || n > 840) {
    throw new UsageError(`--utc-offset must be whole minutes from -720 to 840 (got "${text}")`);
  }
  return n;
}
