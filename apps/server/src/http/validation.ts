/**
 * Request validation with the contracts' zod schemas. Messages name the field path and the rule
 * (`pageSize: must be at most 1000`): schemas that carry their own message keep it, and the default
 * messages below replace zod's generic ones for everything else.
 */
import { applyDefaultSchemaMessages } from '@storefleet/contracts';
import type { z } from 'zod';

import { type FieldProblem, invalidFields } from './errors';

// Zod's generic messages replaced by plain-language ones (contracts schema-defaults.ts), here and in the web.
applyDefaultSchemaMessages();

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
