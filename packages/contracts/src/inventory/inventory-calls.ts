/**
 * Path parameters, queries and bodies of the inventory calls other than the list (spec §7 under
 * /api/device-service/aibox/inventory, plus ours: add/network, update, image upload and files,
 * export). Design: docs/decisions/inventory.md.
 */
import { z } from 'zod';

import {
  intIn,
  ipAddressField,
  optionalInt,
  optionalText,
  requiredText,
  zeroOne,
} from '../device/device-fields';
import { commaList, dateString, idParam, optionalFilter } from '../query';
import { INVENTORY_MAX_IMAGES, InventoryFilter } from './inventory';
import { isMacNotation } from './mac-key';

/** `GET {id}`, `DELETE {id}`. */
export const InventoryIdParams = z.object({ id: idParam });
export type InventoryIdParams = z.infer<typeof InventoryIdParams>;

/** `POST unbind/{inventoryId}`. */
export const InventoryUnbindParams = z.object({ inventoryId: idParam });
export type InventoryUnbindParams = z.infer<typeof InventoryUnbindParams>;

/** `DELETE batch/{ids}`: comma-joined record ids (at most 1000). All are deleted or none. */
export const InventoryBatchParams = z.object({
  ids: commaList(idParam).pipe(z.array(z.number()).min(1, 'is required')),
});
export type InventoryBatchParams = z.infer<typeof InventoryBatchParams>;

/** Reply of `DELETE batch/{ids}`. */
export const InventoryBatchDeleteResultSchema = z.object({ deleted: z.number() });
export type InventoryBatchDeleteResult = z.infer<typeof InventoryBatchDeleteResultSchema>;

const positiveId = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const text = String(v).trim();
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1) {
    ctx.addIssue({ code: 'custom', message: 'must be positive ids' });
    return z.NEVER;
  }
  return Number(text);
});

/**
 * `POST add/no/network` and `POST add/network` body: a list of record ids (spec §5: "a body list of
 * numeric ids"), or `{ ids: [...] }`; read as `{ ids }`. 1 to 1000 ids, duplicates dropped.
 */
export const InventoryIdsBody = z.preprocess(
  (v) => (Array.isArray(v) ? { ids: v } : v),
  z.object(
    {
      ids: z
        .array(positiveId, { error: 'must be a list of ids' })
        .min(1, 'must hold at least one item')
        .max(1000, 'must hold at most 1000 ids')
        .transform((ids) => [...new Set(ids)]),
    },
    { error: 'must be a list of ids' },
  ),
);
export type InventoryIdsBody = z.infer<typeof InventoryIdsBody>;

/** Reply of add/no/network and add/network: how many records now carry the flag. */
export const InventoryNetworkResultSchema = z.object({ updated: z.number() });
export type InventoryNetworkResult = z.infer<typeof InventoryNetworkResultSchema>;

/** A MAC in any common notation (`aa:bb:…`, `AA-BB-…`, `aabb.ccdd.eeff`, bare hex). */
export const anyMacField = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .refine(isMacNotation, 'Invalid MAC address');

/**
 * `POST matchMacDevices?macAddress=&shopId=` (ours: `&inventoryDeviceId=`, the record being bound:
 * a non-network record matches nothing, and the record must be of that store).
 */
export const InventoryMatchQuery = z.object({
  macAddress: anyMacField,
  shopId: idParam,
  inventoryDeviceId: optionalFilter(idParam),
});
export type InventoryMatchQuery = z.infer<typeof InventoryMatchQuery>;

/**
 * One device of the store whose MAC equals the given one (in any notation): monitored devices
 * first. `boundInventoryId` / `boundAssetNo` name the record it is already bound to, if any (then
 * it cannot be bound again).
 */
export const InventoryMatchRowSchema = z.object({
  deviceId: z.number(),
  deviceName: z.string(),
  macAddress: z.string().nullable(),
  intranetIp: z.string().nullable(),
  model: z.string().nullable(),
  deviceSn: z.string().nullable(),
  productId: z.number(),
  shopId: z.number(),
  /** 1 monitored, 0 not (MonitoredFlag). */
  monitored: z.number(),
  onlineStatus: z.number(),
  boundInventoryId: z.number().nullable(),
  boundAssetNo: z.string().nullable(),
});
export type InventoryMatchRow = z.infer<typeof InventoryMatchRowSchema>;

/** `POST bindInventoryDevice?inventoryDeviceId=&targetDeviceId=`. */
export const InventoryBindQuery = z.object({ inventoryDeviceId: idParam, targetDeviceId: idParam });
export type InventoryBindQuery = z.infer<typeof InventoryBindQuery>;

/** A MAC in any common notation, empty → null. */
const optionalMac = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  z.string().trim().refine(isMacNotation, 'Invalid MAC address').nullable(),
);

/** An image name the upload issued: 64 hex digits of the content's SHA-256 and the type's extension. */
export const INVENTORY_IMAGE_NAME = /^[0-9a-f]{64}\.(?:png|jpg|webp)$/;
const imageName = z
  .string({ error: 'is required (Please wait uploading)' })
  .min(1, 'is required (Please wait uploading)')
  .regex(INVENTORY_IMAGE_NAME, 'has the wrong format');

/**
 * `POST update` (ours): every imported field except the store and the asset number. The whole
 * record is sent (fields left out become empty). `images`: names from `image/upload`; an empty entry
 * (an upload still running) is refused with "Please wait uploading" (spec §5).
 */
export const InventoryUpdateBody = z.object({
  id: idParam,
  deviceName: requiredText(128),
  deviceBrand: optionalText(64),
  deviceSn: optionalText(128),
  deviceSystem: optionalInt(0, 3),
  connectType: optionalInt(1, 5),
  intranetIp: ipAddressField,
  macAddress: optionalMac,
  model: optionalText(64),
  specifications: optionalText(500),
  deviceCategory: optionalText(64),
  deviceClass: optionalText(64),
  propertyType: optionalText(64),
  serviceLife: optionalInt(0, 100),
  custodian: optionalText(64),
  obtainTime: z.preprocess((v) => (v === '' || v === undefined ? null : v), dateString.nullable()),
  vinNo: optionalText(64),
  inumber: optionalText(64),
  status: intIn(1, 4),
  images: z
    .array(imageName, { error: 'must be a list of image names' })
    .max(INVENTORY_MAX_IMAGES, `must hold at most ${INVENTORY_MAX_IMAGES} items`)
    .default([]),
  remark: optionalText(500),
  index: optionalText(64),
});
export type InventoryUpdateBody = z.infer<typeof InventoryUpdateBody>;

/** Limits of `image/upload` (the logo's rules: checked by content on the server). */
export const INVENTORY_IMAGE_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxWidth: 4096,
  maxHeight: 4096,
  contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

/** Reply of `POST image/upload`: the stored name to put into `images`, and what the image is. */
export const InventoryImageUploadResultSchema = z.object({
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type InventoryImageUploadResult = z.infer<typeof InventoryImageUploadResultSchema>;

/** `GET image/{name}`. */
export const InventoryImageParams = z.object({ name: z.string().max(80) });
export type InventoryImageParams = z.infer<typeof InventoryImageParams>;

/** `POST importExcelInventory/{shopId}`. */
export const InventoryImportParams = z.object({ shopId: idParam });
export type InventoryImportParams = z.infer<typeof InventoryImportParams>;

/**
 * Import options: `dryRun=1` validates and reports without writing; `partial=1` writes the good rows
 * and reports the rest (default: all or nothing).
 */
export const InventoryImportQuery = z.object({
  dryRun: z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : v), zeroOne),
  partial: z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : v), zeroOne),
});
export type InventoryImportQuery = z.infer<typeof InventoryImportQuery>;

/** One problem of a rejected row: the column (its header title in the caller's language) and why. */
export const InventoryImportProblemSchema = z.object({ column: z.string(), message: z.string() });

/** A rejected row: its sheet row number (the header is row 1), its cells as sent, every problem. */
export const InventoryImportRejectedRowSchema = z.object({
  row: z.number(),
  cells: z.array(z.string()),
  errors: z.array(InventoryImportProblemSchema),
});
export type InventoryImportRejectedRow = z.infer<typeof InventoryImportRejectedRowSchema>;

/**
 * Reply of an import that read the rows (HTTP 200; a row report is a normal outcome). `written`:
 * whether rows were written (false on a dry run, or when any row was rejected without `partial`).
 * `added` / `updated`: what was written, or on a dry run what would be. `report`: base64 .xlsx of
 * the rejected rows as sent plus an error column; null when none was rejected. A file that cannot be
 * read (not .xlsx, archive checks, missing header column, too many rows) answers 400, nothing written.
 */
export const InventoryImportResultSchema = z.object({
  written: z.boolean(),
  added: z.number(),
  updated: z.number(),
  rejected: z.array(InventoryImportRejectedRowSchema),
  report: z.string().nullable(),
});
export type InventoryImportResult = z.infer<typeof InventoryImportResultSchema>;

/** `GET exportInventoryDevices`: the list's filters (and sort) as query fields. */
export const InventoryExportQuery = InventoryFilter;
export type InventoryExportQuery = z.infer<typeof InventoryExportQuery>;
