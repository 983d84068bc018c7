/** Building blocks for request schemas, shaped by how the console sends values (spec §5, §7). */
import { z } from 'zod';

import { intFromQuery } from './paging';

/** A 0/1 flag sent as a number or as text. */
export const flag01 = intFromQuery.pipe(z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' }));

/** An optional filter value: an empty string counts as "not given", as list pages drop empty values. */
export function optionalFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
}

/**
 * A multi-value filter sent comma-joined (`"a,b,c"`), or as a repeated/dotted array. Empty items are
 * dropped; an empty result means "no filter".
 */
export function commaList<T extends z.ZodType = z.ZodString>(item?: T) {
  const each = (item ?? z.string().trim().min(1)) as z.ZodType;
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const parts = Array.isArray(v) ? v.flatMap((x) => String(x).split(',')) : String(v).split(',');
    const kept = parts.map((p) => p.trim()).filter((p) => p !== '');
    return kept.length ? kept : undefined;
  }, z.array(each).max(1000, 'must hold at most 1000 values').optional()) as z.ZodType<
    z.infer<T>[] | undefined
  >;
}

/** A numeric id that may arrive as text (path and query parameters). */
export const idParam = intFromQuery.pipe(z.number().int().positive('must be a positive id'));

/** `YYYY-MM-DD`. */
export const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
/** `YYYY-MM-DD HH:mm:ss`. */
export const dateTimeString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be a date-time as YYYY-MM-DD HH:mm:ss');

/** The region cascader's picks, comma-joined: level ids of each depth and store ids. */
export const regionPicks = {
  areaLevelListStr: commaList(idParam),
  provinceLevelListStr: commaList(idParam),
  cityLevelListStr: commaList(idParam),
  shopIdStr: commaList(idParam),
};

/** A list's order: `sortBy` one of `fields`, `sortDirection` asc or desc (both optional). */
export function listOrder<const T extends readonly string[]>(fields: T) {
  return {
    sortBy: optionalFilter(z.enum(fields, { error: `must be one of ${fields.join(', ')}` })),
    sortDirection: optionalFilter(z.enum(['asc', 'desc'], { error: 'must be asc or desc' })),
  };
}

/** A free-text filter of a list: trimmed, at most 128 characters. */
export const textFilter = optionalFilter(z.string().trim().max(128, 'must be at most 128 characters'));
