import { z } from 'zod';

/** The body code of every successful reply (spec §8): the string "200", never a number. */
export const SUCCESS_CODE = '200';

/** The reply envelope of spec §8. `ok` is true exactly when `code` is "200". */
export interface Envelope<T> {
  code: string;
  data: T;
  message: string;
  ok: boolean;
}

/** One failed rule, as validation errors list them in `data.fields`. */
export interface FieldProblem {
  field: string;
  message: string;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), data, message: z.string(), ok: z.boolean() });
}

/**
 * The error catalogue: each failure the server can report, with its stable body code and HTTP status.
 * The body code is what clients branch on; the message is for people.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid' },
  MALFORMED_BODY: { status: 400, message: 'The request body could not be read' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in again' },
  BAD_CREDENTIALS: { status: 401, message: 'Wrong user name or password' },
  FORBIDDEN: { status: 403, message: 'You do not have permission for this action' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No such API call' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This call does not accept that method' },
  CONFLICT: { status: 409, message: 'The request conflicts with existing data' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not accepted' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many failed sign-ins; try again later' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on the server; the details are in its log' },
  BOX_OFFLINE: { status: 503, message: 'The store box is not connected' },
  BOX_TIMEOUT: { status: 504, message: 'The store box did not answer in time' },
  BOX_COMMAND_FAILED: { status: 502, message: 'The store box could not carry out the command' },
  SHUTTING_DOWN: { status: 503, message: 'The server is shutting down; try again in a moment' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
