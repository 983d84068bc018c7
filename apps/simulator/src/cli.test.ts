import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { parseCli, UsageError } from './cli';

const KEY_A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const KEY_B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const KEY_C = 'cccccccccccccccccccccccccccccccc';
const server = ['--server', 'http://127.0.0.1:8080'];
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('simulator command line', () => {
  it('reads keys from --key and a keys file, skipping blank lines and comments', () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefleet-sim-'));
    dirs.push(dir);
    const file = join(dir, 'keys.txt');
    writeFileSync(file, `# demo boxes\n${KEY_B}\n\n  ${KEY_C}  \r\n`);
    const { fleet } = parseCli([...server, '--key', KEY_A, '--keys-file', file], {});
    expect(fleet.boxes).toEqual([{ key: KEY_A }, { key: KEY_B }, { key: KEY_C }]);
  });

  it('takes the server from the environment and the run settings from flags', () => {
    const { fleet, statsEverySeconds } = parseCli(
      [
        '--key',
        KEY_A,
        '--seed',
        'demo',
        '--interval',
        '15',
        '--time-scale',
        '60',
        '--opening-hours',
        '09:00-21:30',
        '--no-episodes',
        '--stats-every',
        '0',
      ],
      { STOREFLEET_SERVER: 'http://127.0.0.1:9090' },
    );
    expect(fleet).toMatchObject({
      serverUrl: 'http://127.0.0.1:9090',
      seed: 'demo',
      intervalSeconds: 15,
      timeScale: 60,
      openingHours: { open: 9, close: 21.5 },
      episodes: false,
    });
    expect(statsEverySeconds).toBe(0);
  });

  it('reads burst mode settings for benchmarks', () => {
    const { fleet } = parseCli(
      [
        ...server,
        '--key',
        KEY_A,
        '--burst',
        '500',
        '--burst-values',
        '100000',
        '--burst-mix',
        'reachability',
      ],
      {},
    );
    expect(fleet.burst).toEqual({
      batchSize: 500,
      maxInFlight: undefined,
      valuesPerBox: 100_000,
      mix: 'reachability',
    });
  });

  it('says what to fix for a bad command line', () => {
    const cases: [string[], RegExp][] = [
      [['--key', KEY_A], /--server/],
      [server, /at least one box key/],
      [[...server, '--key', KEY_A, '--interval', 'soon'], /--interval must be a number above 0/],
      [[...server, '--key', KEY_A, '--burst-values', '10'], /need --burst/],
      [[...server, '--key', KEY_A, '--burst', '10', '--burst-mix', 'all'], /store or reachability/],
      [[...server, '--key', KEY_A, '--utc-offset', '1000'], /--utc-offset/],
      [[...server, '--keys-file', '/nonexistent/keys.txt'], /cannot read the keys file/],
      [[...server, '--key', KEY_A, '--colour'], /colour/],
    ];
    for (const [argv, message] of cases) {
      expect(() => parseCli(argv, {}), argv.join(' ')).toThrow(UsageError);
      expect(() => parseCli(argv, {}), argv.join(' ')).toThrow(message);
    }
  });
});
