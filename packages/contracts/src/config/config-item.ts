/** Config item of spec §3 and the calls of `configItem/*`. */
import { z } from 'zod';

import { idParam } from '../query';
import { CONFIG_ITEM_CODES } from './config-definitions';

/** A company's value for one setting; defaults show with id null and no author. */
export const ConfigItemSchema = z.object({
  id: z.number().int().nullable(),
  code: z.string(),
  /** The setting's name in the caller's language is on the client; this is the Chinese name. */
  name: z.string(),
  value: z.string(),
  companyId: z.number().int(),
  createBy: z.string().nullable(),
  createDatetime: z.string().nullable(),
  updateBy: z.string().nullable(),
  updateDatetime: z.string().nullable(),
});
export type ConfigItem = z.infer<typeof ConfigItemSchema>;

export const ConfigItemListResponse = z.array(ConfigItemSchema);

/** Path of GET configItem/list/{companyId}/CompanyItem. */
export const CompanyItemParams = z.object({ companyId: idParam });

/** One entry of PUT configItem's body; value checks run per code (see validateConfigValues). */
export const ConfigItemEntry = z.object({
  code: z.enum(CONFIG_ITEM_CODES, { error: `must be one of ${CONFIG_ITEM_CODES.join(', ')}` }),
  value: z.union([z.string(), z.number()], { error: 'is required' }).transform((v) => String(v).trim()),
});

/** PUT configItem: all entries are checked, then saved together or not at all. */
export const ConfigItemUpdateBody = z.object({
  configItems: z
    .array(ConfigItemEntry, { error: 'must be a list of { code, value }' })
    .min(1, 'must hold at least one item')
    .max(CONFIG_ITEM_CODES.length, `must hold at most ${CONFIG_ITEM_CODES.length} items`),
});
export type ConfigItemUpdateBody = z.infer<typeof ConfigItemUpdateBody>;
