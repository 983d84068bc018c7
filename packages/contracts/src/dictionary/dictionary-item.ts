/** The Dictionary/category item of spec §3 and the calls that read the global dictionaries. */
import { z } from 'zod';

import { CLASS_TYPE_LOOKUPS, DICTIONARY_TYPES } from '../enums';

export interface DictionaryItem {
  code: string;
  /** Chinese name. */
  name: string;
  nameEn: string | null;
  /** Small category → its large category's code. */
  parentCode: string | null;
  /** MODEL → its brand's code (not in spec §3; added so a model list can show its brand). */
  relativeCode: string | null;
  description: string | null;
  /** 1 in use, 0 retired. */
  status: number;
  attribute1: string | null;
  /** Nested items: a large category's small categories; empty elsewhere. */
  childLevel: DictionaryItem[];
}

export const DictionaryItemSchema: z.ZodType<DictionaryItem> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    nameEn: z.string().nullable(),
    parentCode: z.string().nullable(),
    relativeCode: z.string().nullable(),
    description: z.string().nullable(),
    status: z.number().int(),
    attribute1: z.string().nullable(),
    childLevel: z.array(DictionaryItemSchema),
  }),
);

/** GET categoryTypeTree: large categories, each with its small ones in childLevel. */
export const CategoryTypeTreeResponse = z.array(DictionaryItemSchema);

/**
 * POST class/type/code. `type` names what to return: SUBCLASS_TYPE → the small categories of the large
 * category `relativeCode`; CATEGORY_TYPE → the large category of the small category `relativeCode`
 * (a one-item list).
 */
export const ClassTypeCodeBody = z.object({
  type: z.enum(CLASS_TYPE_LOOKUPS, { error: 'must be SUBCLASS_TYPE or CATEGORY_TYPE' }),
  relativeCode: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters'),
});
export type ClassTypeCodeBody = z.infer<typeof ClassTypeCodeBody>;

/** Path of GET {type}/type; the type is checked by the service so an unknown one gets a 404 naming the known ones. */
export const DictionaryTypeParams = z.object({ type: z.string().min(1).max(64) });
export type DictionaryTypeParams = z.infer<typeof DictionaryTypeParams>;

/** Path of GET {type}/type/{relativeCode}/relativeCode. */
export const DictionaryRelativeParams = z.object({
  type: z.string().min(1).max(64),
  relativeCode: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
});
export type DictionaryRelativeParams = z.infer<typeof DictionaryRelativeParams>;

/** The dictionary types the `{type}/type` calls serve. */
export const KNOWN_DICTIONARY_TYPES: readonly string[] = DICTIONARY_TYPES;
