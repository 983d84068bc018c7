/**
 * A small schema-driven sample builder for the data-scope sweep (sweep.test.ts): given an endpoint's
 * zod schema for params, query or body, it lists the field names and builds values the schema accepts,
 * so a swept request passes validation and reaches the handler's scope checks.
 *
 * Values are found by trying candidates and keeping the first one the field's own schema accepts
 * (`acceptedForm`), so refinements, regexes and coercions need no special cases. Query and path values
 * travel as text: for those parts a candidate is tried as the text a URL would carry.
 */
import type { z } from 'zod';

export type Part = 'params' | 'query' | 'body';

/** The zod definition of a schema (zod 4 keeps it on `_zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The object shape behind wrappers and pipes, or undefined when the schema is not an object. */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 20; depth++) {
    const def = defOf(current);
    if (def.type === 'object') return def.shape;
    if (WRAPPERS.has(def.type)) current = def.innerType;
    else if (def.type === 'pipe')
      current = defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in;
    else if (def.type === 'lazy') current = def.getter?.();
    else return undefined;
  }
  return undefined;
}

/** The field names of an object schema (empty for none). */
export function fieldNames(schema: z.ZodType | undefined): string[] {
  return Object.keys(shapeOf(schema) ?? {});
}

/** Whether the field may be left out. */
export function isOptional(field: z.ZodType): boolean {
  return field.safeParse(undefined).success;
}

const TEXTS = [
  'sweep',
  'Sweep#2026x',
  '1',
  'sweep@example.com',
  '127.0.0.1',
  'https://127.0.0.1/sweep.png',
  '2026-01-01 00:00:00',
  '2026-01-01',
  '13800000000',
  'a',
];
const NUMBERS = [1, 0, 2, 3, 10, 60];

/**
 * Values some handlers check beyond their schema (codes of the dictionary, a device kind that fits
 * its product), tried first for fields of that name so the request gets past those checks too.
 */
const BY_NAME: Readonly<Record<string, readonly unknown[]>> = {
  deviceCategory: ['network'],
  deviceClass: ['switch'],
  productId: [3],
  productType: [3],
  connectType: [2],
  deviceSystem: [3],
  type: ['PRODUCT_TYPE'],
  ipAddress: ['127.0.0.1'],
  pingUrl: ['https://127.0.0.1/ping'],
  macAddress: ['02:5F:00:00:00:01'],
};

/** Plausible values for a schema, most specific first (not all of them valid). */
function candidates(schema: z.ZodType | undefined, depth = 0): unknown[] {
  if (!schema || depth > 12) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return TEXTS;
    case 'number':
    case 'int':
    case 'bigint':
      return NUMBERS;
    case 'boolean':
      return [true, false];
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'literal':
      return def.values ?? [];
    case 'array':
    case 'set':
      return candidates(def.element, depth + 1)
        .slice(0, 4)
        .map((c) => [c]);
    case 'object':
      return [sampleObject(schema, 'body')];
    case 'union':
      return (def.options ?? []).flatMap((o) => candidates(o, depth + 1));
    case 'pipe':
      return [...candidates(def.out, depth + 1), ...candidates(def.in, depth + 1)];
    case 'lazy':
      return candidates(def.getter?.(), depth + 1);
    default:
      if (def.innerType) return candidates(def.innerType, depth + 1);
      return [...TEXTS, ...NUMBERS];
  }
}

/** How a value travels in `part`: text in a path or query, as is in a body. */
export function wireForms(value: unknown, part: Part): unknown[] {
  if (part === 'body') return [value];
  if (Array.isArray(value)) return [value.join(','), value.map(String), String(value[0] ?? '')];
  return [String(value)];
}

/** The first of `values` (in any of its wire forms) that `field` accepts, or undefined. */
export function acceptedForm(field: z.ZodType, values: readonly unknown[], part: Part): unknown {
  for (const value of values) {
    for (const form of wireForms(value, part)) if (field.safeParse(form).success) return form;
  }
  return undefined;
}

/** A valid value for one field (named `name`), or undefined when no candidate passes. */
export function sampleField(field: z.ZodType, part: Part, name = ''): unknown {
  return acceptedForm(field, [...(BY_NAME[name] ?? []), ...candidates(field), ...TEXTS, ...NUMBERS], part);
}

/** Every required field of an object schema filled with an accepted value. */
export function sampleObject(schema: z.ZodType | undefined, part: Part): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shapeOf(schema) ?? {})) {
    if (isOptional(field)) continue;
    const value = sampleField(field, part, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
