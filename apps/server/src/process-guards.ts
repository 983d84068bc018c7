/**
 * What the process does with a failure nobody caught (issue 31 §1, docs/decisions/operations.md).
 * A rejected promise nobody awaited is logged and the server keeps running: every known source of one
 * (a lost database connection under a request, a job or a link) is answered or retried where it
 * happens, and one forgotten `await` must not take every agent link and request down with it. An
 * exception nobody caught still ends the process (its state is unknown), except one that only says the
 * database is not answering (a connection's `error` event): that is logged, and the pool opens a new one.
 */
import { isDatabaseUnavailable } from './db/database-unavailable';

/** The levels the guards log at (a pino logger is one). */
export interface GuardLogger {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  fatal(fields: object, message: string): void;
}

/** The `unhandledRejection` handler: logs, never ends the process. */
export function unhandledRejectionGuard(logger: GuardLogger): (reason: unknown) => void {
  return (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn({ err: reason }, 'the database is not answering (a promise nobody awaited); still running');
    } else {
      logger.error({ err: reason }, 'a promise nobody awaited failed; still running');
    }
  };
}

/** The `uncaughtException` handler: a database that is not answering is logged; anything else exits. */
export function uncaughtExceptionGuard(
  logger: GuardLogger,
  exit: (code: number) => void,
): (error: Error) => void {
  return (error) => {
    if (isDatabaseUnavailable(error)) {
      logger.warn(
        { err: error },
        'the database is not answering (an uncaught connection error); still running',
      );
      return;
    }
    logger.fatal({ err: error }, 'uncaught exception: stopping');
    exit(1);
  };
}

/** Installs both handlers on the process (server.ts, at start). */
export function installProcessGuards(logger: GuardLogger): void {
  process.on('unhandledRejection', unhandledRejectionGuard(logger));
  process.on(
    'uncaughtException',
    uncaughtExceptionGuard(logger, (code) => process.exit(code)),
  );
}
