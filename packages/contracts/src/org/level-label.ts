/** Level labels (spec §3 Level label; §7 systemSetting/*LevelLabel): what a company calls each depth. */
import { z } from 'zod';

import { idParam, optionalFilter } from '../query';
import { LevelDepth } from './level';

/** POST systemSetting/addOrUpdateLevelLabel. level is required on create; companyId is the caller's. */
export const LevelLabelSaveBody = z.object({
  id: optionalFilter(idParam),
  label: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(32, 'must be at most 32 characters'),
  level: optionalFilter(LevelDepth),
});
export type LevelLabelSaveBody = z.infer<typeof LevelLabelSaveBody>;

export const LevelLabelIdParams = z.object({ id: idParam });

export const LevelLabelSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  label: z.string(),
  level: z.number(),
});
export type LevelLabel = z.infer<typeof LevelLabelSchema>;
