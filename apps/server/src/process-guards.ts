/**
 * What the process does with a failure nobody caught (issue 31 §1, docs/decisions/operations.md).
 * A rejected promise nobody awaited is logged and the server keeps running: every known source of one
 * (a lost database connection under a request, a job or a link) is answered or retried where it
 * happens, and one forgotten `await` must not take every agent link and request down with it. An
 * exception nobody caught still ends the process (its state is unknown), except one that only says the
 * database is not answering (a connection's `error` event): that is logged, and the pool opens a new one.
 */
import type { Logger } from 'pino';

import { isDatabaseUnavailable } from './db/database-unavailable';

/** Installs the process-wide handlers; `exit` is `process.exit` outside tests. */
export function installProcessGuards(
  logger: Pick<Logger, 'error' | 'warn' | 'fatal'>,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn({ err: reason }, 'the database is not answering (a promise nobody awaited); still running');
    } else {
      logger.error({ err: reason }, 'a promise nobody awaited failed; still running');
    }
  });
  process.on('uncaughtException', (error) => {
    if (isDatabaseUnavailable(error)) {
      logger.warn(
        { err: error },
        'the database is not answering (an uncaught connection error); still running',
      );
      return;
    }
    logger.fatal({ err: error }, 'uncaught exception: stopping');
    exit(1);
  });
}
