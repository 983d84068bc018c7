/** Company logo of spec §3, the upload call and the `log/company/logImg/*` calls. */
import { z } from 'zod';

import { idParam } from '../query';

/** Upload limits of `log/upload` (checked on the server by content; the page checks them first too). */
export const LOGO_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxWidth: 4096,
  maxHeight: 4096,
  contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

export const CompanyLogoSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  imgUrl: z.string(),
  /** 1 shown, 0 hidden. */
  status: z.number().int(),
  createId: z.number().int().nullable(),
  createName: z.string().nullable(),
  createTime: z.string(),
  lastUpdateName: z.string().nullable(),
  updateTime: z.string(),
});
export type CompanyLogo = z.infer<typeof CompanyLogoSchema>;

/** POST log/upload reply. */
export const LogoUploadResult = z.object({
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type LogoUploadResult = z.infer<typeof LogoUploadResult>;

const imgUrl = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required (Please wait uploading)')
  .max(512, 'must be at most 512 characters');

/**
 * POST log/company/logImg/insert (spec §5: needs id and imgUrl). `id` is the company the logo is for;
 * it must be the caller's own company.
 */
export const LogoInsertBody = z.object({ id: idParam, imgUrl });
export type LogoInsertBody = z.infer<typeof LogoInsertBody>;

/** POST log/company/logImg/update: `id` of the logo row, `companyId` required. */
export const LogoUpdateBody = z.object({
  id: idParam,
  companyId: idParam,
  imgUrl,
  status: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' }).optional(),
});
export type LogoUpdateBody = z.infer<typeof LogoUpdateBody>;

/** GET log/company/logImg/query; companyId defaults to the caller's company. */
export const LogoQuery = z.object({
  companyId: z.preprocess((v) => (v === '' ? undefined : v), idParam.optional()),
});
export type LogoQuery = z.infer<typeof LogoQuery>;

/** The query reply: the logo, or null when the company has none. */
export const LogoQueryResponse = CompanyLogoSchema.nullable();
