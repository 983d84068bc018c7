/**
 * Failures a service or route raises on purpose. Each carries a code of the contracts' `ERRORS`
 * catalogue (which fixes the HTTP status) and a message a person can act on. Anything else thrown is
 * an unexpected failure: the error handler answers 500 with a generic message and logs the details.
 */
import { ERRORS, type ErrorCode, type FieldProblem } from '@storefleet/contracts';

export type { FieldProblem };

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  /** Goes out as the envelope's `data` (null unless there is something useful to show). */
  readonly data: unknown;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message?: string, data: unknown = null, headers: Record<string, string> = {}) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.data = data;
    this.headers = headers;
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}

/** 404 for an object that does not exist or lies outside the caller's scope (the two look the same). */
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`);
}

/** 403: the caller is known but may not do this. */
export function forbidden(message?: string): AppError {
  return new AppError('FORBIDDEN', message);
}

/** 409: the request clashes with existing data (duplicate number, object still in use …). */
export function conflict(message: string): AppError {
  return new AppError('CONFLICT', message);
}

/** 400 naming the field and the rule it breaks, e.g. `invalid('storeNo', 'is already taken')`. */
export function invalid(field: string, rule: string): AppError {
  return invalidFields([{ field, message: rule }]);
}

/** 400 for several failed rules at once. */
export function invalidFields(problems: FieldProblem[]): AppError {
  const message = problems.map((p) => `${p.field}: ${p.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', message, { fields: problems });
}

/** 401: no valid session. */
export function unauthenticated(message?: string): AppError {
  return new AppError('UNAUTHENTICATED', message);
}
