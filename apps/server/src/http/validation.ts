/**
 * Request validation with the contracts' zod schemas. Messages name the field path and the rule
 * (`pageSize: must be at most 1000`): schemas that carry their own message keep it, and the default
 * messages below replace zod's generic ones for everything else.
 */
import { z } from 'zod';

import { type FieldProblem, invalidFields } from './errors';

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
function defaultMessage(issue: RawIssue): string | undefined {
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

z.config({ customError: defaultMessage });

/** `items[2].name` for the path ['items', 2, 'name']; the location name (`body`) for the root. */
export function fieldPath(path: readonly PropertyKey[], location: string): string {
  if (path.length === 0) return location;
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text === '' ? String(key) : `${text}.${String(key)}`;
  }, '');
}

/** Validates `value` against `schema`; throws a 400 VALIDATION_FAILED naming every failed field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems: FieldProblem[] = result.error.issues.map((issue) => ({
    field: fieldPath(issue.path, location),
    message: issue.message,
  }));
  throw invalidFields(problems);
}
