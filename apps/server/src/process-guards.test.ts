// The process-wide handlers of server.ts, called directly (installing them would take over the test
// runner's own): a failure nobody caught ends the process only when it is not a database outage.
import { describe, expect, it } from 'vitest';

import { uncaughtExceptionGuard, unhandledRejectionGuard } from './process-guards';

function recorder() {
  const lines: Array<[string, string]> = [];
  const at = (level: string) => (_fields: object, message: string) => {
    lines.push([level, message]);
  };
  return { lines, logger: { error: at('error'), warn: at('warn'), fatal: at('fatal') } };
}

const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
});

describe('failures nobody caught', () => {
  it('log a rejected promise and keep running, a lost connection as a warning', () => {
    const { lines, logger } = recorder();
    const guard = unhandledRejectionGuard(logger);
    guard(terminated);
    guard(new Error('a bug'));
    expect(lines.map(([level]) => level)).toEqual(['warn', 'error']);
    expect(lines[0]?.[1]).toMatch(/database is not answering/);
  });

  it('keep running through a connection error event, and stop for any other exception', () => {
    const { lines, logger } = recorder();
    const exits: number[] = [];
    const guard = uncaughtExceptionGuard(logger, (code) => exits.push(code));
    guard(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    expect(exits).toEqual([]);
    guard(new TypeError('x is not a function'));
    expect(exits).toEqual([1]);
    expect(lines.map(([level]) => level)).toEqual(['warn', 'fatal']);
  });
});
