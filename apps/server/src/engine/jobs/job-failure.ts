/**
 * How a background job reports a failed turn. A database that is not answering is an outage the
 * operator sees on /ready, not a fault of the job: a warning that the turn was given up and the next
 * one tries again. Anything else is an error with its details.
 */
import type { FastifyBaseLogger } from 'fastify';

import { isDatabaseUnavailable } from '../../db/database-unavailable';

/** Logs the failed turn of job `job`; never throws, so a timer's promise never rejects unhandled. */
export function logJobFailure(log: FastifyBaseLogger, job: string, error: unknown): void {
  if (isDatabaseUnavailable(error)) {
    log.warn(
      { err: error, job },
      'the database is not answering: the job gave up this turn and tries at its next',
    );
  } else {
    log.error({ err: error, job }, 'background job failed; it tries again at its next turn');
  }
}
