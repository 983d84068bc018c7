/**
 * Failures a service or route raises on purpose. Each carries a code of the contracts' `ERRORS`
 * catalogue (which fixes the HTTP status) and a message a person can act on. Anything else thrown is
 * an unexpected failure: the error handler answers 500 with a generic message and logs the details.
 *
 * Messages are `Label`s (`{ zh, en }`): the error handler sends the one in the caller's language
 * (`requestLang`), for the envelope's `message` and for every `{ zh, en }` inside `data` (e.g.
 * `data.fields[].message`). A plain string is sent as is (only for text that is not language, e.g. a
 * device's own words).
 */
import { ERRORS, type ErrorCode, type FieldProblem, type Label, type Lang } from '@storefleet/contracts';

import { fieldMessageLabel } from './phrases';

export type { FieldProblem };

/** Text for a person: both languages, or a plain string sent unchanged. */
export type Message = string | Label;

/** One failed rule with its message in both languages. */
export interface FieldMessage {
  field: string;
  message: Message;
}

function isLabel(value: unknown): value is Label {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 2 && typeof (value as Label).zh === 'string' && typeof (value as Label).en === 'string'
  );
}

/** `message` in `lang`. */
export function textIn(message: Message, lang: Lang): string {
  return typeof message === 'string' ? message : message[lang];
}

/** `value` with every `{ zh, en }` inside it replaced by its text in `lang`. */
export function resolveLabels(value: unknown, lang: Lang): unknown {
  if (isLabel(value)) return value[lang];
  if (Array.isArray(value)) return value.map((v) => resolveLabels(v, lang));
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveLabels(v, lang)]));
  }
  return value;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  /** The message in both languages; `message` (for logs) is its English text. */
  readonly text: Message;
  /** Goes out as the envelope's `data` (null unless there is something useful to show), labels resolved. */
  readonly data: unknown;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    message?: Message,
    data: unknown = null,
    headers: Record<string, string> = {},
  ) {
    const text = message ?? ERRORS[code].message;
    super(textIn(text, 'en'));
    this.code = code;
    this.text = text;
    this.data = data;
    this.headers = headers;
  }

  get status(): number {
    return ERRORS[this.code].status;
  }

  /** The message in the caller's language. */
  messageIn(lang: Lang): string {
    return textIn(this.text, lang);
  }

  /** The data in the caller's language. */
  dataIn(lang: Lang): unknown {
    return resolveLabels(this.data, lang);
  }
}

/**
 * 404 for an object that does not exist or lies outside the caller's scope (the two look the same).
 * `what` names the object, e.g. `{ zh: '门店', en: 'Store' }`.
 */
export function notFound(what: Message): AppError {
  if (typeof what === 'string') {
    return new AppError('NOT_FOUND', `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`);
  }
  const en = what.en;
  return new AppError('NOT_FOUND', {
    zh: `${what.zh}不存在`,
    en: `${en.charAt(0).toUpperCase()}${en.slice(1)} not found`,
  });
}

/** 403: the caller is known but may not do this. */
export function forbidden(message?: Message): AppError {
  return new AppError('FORBIDDEN', message);
}

/** 409: the request clashes with existing data (duplicate number, object still in use …). */
export function conflict(message: Message): AppError {
  return new AppError('CONFLICT', message);
}

/** 400 naming the field and the rule it breaks, e.g. `invalid('storeNo', { zh: '已被占用', en: 'is already taken' })`. */
export function invalid(field: string, rule: Message): AppError {
  return invalidFields([{ field, message: rule }]);
}

/**
 * 400 for several failed rules at once. A plain-string message (a schema's or a rule's English
 * wording) is read through the phrase tables (http/phrases.ts), so it too reads in both languages.
 */
export function invalidFields(given: readonly FieldMessage[]): AppError {
  const problems = given.map((p) => ({
    field: p.field,
    message: typeof p.message === 'string' ? fieldMessageLabel(p.message) : p.message,
  }));
  const joined = (lang: Lang) => problems.map((p) => `${p.field}: ${textIn(p.message, lang)}`).join('; ');
  return new AppError('VALIDATION_FAILED', { zh: joined('zh'), en: joined('en') }, { fields: problems });
}

/** 401: no valid session. */
export function unauthenticated(message?: Message): AppError {
  return new AppError('UNAUTHENTICATED', message);
}

/** Seconds a client is told to wait (Retry-After) when the database does not answer. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503: the database cannot be reached or written right now (db/database-unavailable.ts); the server retries by itself. */
export function databaseUnavailable(): AppError {
  return new AppError('DATABASE_UNAVAILABLE', undefined, null, {
    'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
  });
}
