/**
 * The asset edit dialog's values (docs/decisions/inventory.md "Edit"): a record as form values, the
 * form values back as the `update` body, and the "Please wait uploading" rule of spec §5 for the
 * images. Pure, tested without a browser.
 */
import {
  type InventoryImageUploadResult,
  type InventoryRecord,
  type InventoryUpdateBody,
  isIpAddress,
  isMacNotation,
} from '@storefleet/contracts';

/** The editable fields (every imported field except the store and the asset number). */
export const EDITABLE_TEXT = [
  'deviceName',
  'deviceBrand',
  'model',
  'deviceSn',
  'intranetIp',
  'macAddress',
  'specifications',
  'custodian',
  'obtainTime',
  'vinNo',
  'inumber',
  'index',
  'remark',
] as const;
type TextField = (typeof EDITABLE_TEXT)[number];

export type RecordFormValues = Partial<Record<TextField, string>> & {
  category?: string[];
  propertyType?: string;
  deviceSystem?: number;
  connectType?: number;
  serviceLife?: number | null;
  status?: number;
};

/** A record as the form shows it. */
export function recordFormValues(record: InventoryRecord): RecordFormValues {
  const values: RecordFormValues = {};
  for (const name of EDITABLE_TEXT) values[name] = record[name] ?? '';
  values.category = [record.deviceCategory, record.deviceClass].filter((c): c is string => !!c);
  if (record.propertyType) values.propertyType = record.propertyType;
  if (record.deviceSystem !== null) values.deviceSystem = record.deviceSystem;
  if (record.connectType !== null) values.connectType = record.connectType;
  values.serviceLife = record.serviceLife;
  values.status = record.status;
  return values;
}

const blankToNull = (value: string | undefined | null) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** The form's values as the whole-record `update` body (fields left empty are sent empty). */
export function updateBody(
  id: number,
  values: RecordFormValues,
  images: readonly string[],
): InventoryUpdateBody {
  const [category, small] = values.category ?? [];
  return {
    id,
    deviceName: (values.deviceName ?? '').trim(),
    deviceBrand: blankToNull(values.deviceBrand),
    deviceSn: blankToNull(values.deviceSn),
    deviceSystem: values.deviceSystem ?? null,
    connectType: values.connectType ?? null,
    intranetIp: blankToNull(values.intranetIp),
    macAddress: blankToNull(values.macAddress),
    model: blankToNull(values.model),
    specifications: blankToNull(values.specifications),
    deviceCategory: category ?? null,
    deviceClass: category ? (small ?? null) : null,
    propertyType: values.propertyType ?? null,
    serviceLife: values.serviceLife ?? null,
    custodian: blankToNull(values.custodian),
    obtainTime: blankToNull(values.obtainTime),
    vinNo: blankToNull(values.vinNo),
    inumber: blankToNull(values.inumber),
    status: values.status ?? 1,
    images: [...images],
    remark: blankToNull(values.remark),
    index: blankToNull(values.index),
  };
}

/** What the dialog needs of an upload list entry (antd's UploadFile has these fields). */
export interface ImageEntry {
  status?: 'uploading' | 'done' | 'error' | 'removed' | undefined;
  response?: Pick<InventoryImageUploadResult, 'name'> | undefined;
}

export type ImagesState = { kind: 'uploading' } | { kind: 'failed' } | { kind: 'ready'; names: string[] };

/**
 * Saving needs every image uploaded: one still uploading (or done without the server's name yet)
 * answers "Please wait uploading"; a failed one must be removed first.
 */
export function imagesState(entries: readonly ImageEntry[]): ImagesState {
  const shown = entries.filter((e) => e.status !== 'removed');
  if (shown.some((e) => e.status === 'error')) return { kind: 'failed' };
  if (shown.some((e) => e.status !== 'done' || !e.response?.name)) return { kind: 'uploading' };
  return { kind: 'ready', names: shown.map((e) => e.response?.name ?? '') };
}

/** The form's own MAC and IP checks (the server's rules; empty allowed); an i18n key or null. */
export function macProblem(value: unknown): 'inventory.edit.invalidMac' | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' || isMacNotation(text) ? null : 'inventory.edit.invalidMac';
}
export function ipProblem(value: unknown): 'inventory.edit.invalidIp' | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' || isIpAddress(text) ? null : 'inventory.edit.invalidIp';
}
