/**
 * Plain-language default messages for zod issues (`must be at most 64 characters`), used wherever a
 * schema does not give its own — by the server's request validation and by the web's own parses
 * (`applyDefaultSchemaMessages` sets them once per process or page). They are English phrases; the
 * phrase table (schema-messages.ts) gives each its Chinese, so both consoles read them in their
 * language.
 */
import { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;

function bound(origin: string, relation: 'at most' | 'at least', limit: number | bigint, exact?: boolean) {
  const amount = `${exact ? 'exactly' : relation} ${String(limit)}`;
  switch (origin) {
    case 'string':
      return `must be ${amount} characters`;
    case 'array':
    case 'set':
      return `must hold ${amount} values`;
    case 'file':
      return `must be ${amount} bytes`;
    default:
      return `must be ${amount}`;
  }
}

/** Plain-language default messages, used wherever a schema does not give its own. */
export function defaultMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${issue.expected === 'int' ? 'a whole number' : `of type ${issue.expected}`}`;
    case 'too_big': {
      const limit = issue.inclusive === false ? `less than ${String(issue.maximum)}` : undefined;
      return limit ? `must be ${limit}` : bound(issue.origin, 'at most', issue.maximum, issue.exact);
    }
    case 'too_small': {
      if (issue.origin === 'string' && issue.minimum === 1 && !issue.exact) return 'must not be empty';
      const limit = issue.inclusive === false ? `more than ${String(issue.minimum)}` : undefined;
      return limit ? `must be ${limit}` : bound(issue.origin, 'at least', issue.minimum, issue.exact);
    }
    case 'invalid_value':
      return `must be one of ${issue.values.map((v: unknown) => String(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'has the wrong format' : `must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `has unknown fields ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      return 'does not match any accepted form';
    default:
      return undefined;
  }
}

/** Makes these the default messages of every zod parse in this process or page (idempotent). */
export function applyDefaultSchemaMessages(): void {
  z.config({ customError: defaultMessage });
}
