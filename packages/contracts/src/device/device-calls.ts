/** Path parameters and bodies of the smaller device calls (spec §7 plus our detail/key/import calls). */
import { z } from 'zod';

import { commaList, idParam } from '../query';
import { intIn, zeroOne } from './device-fields';

export const DeviceIdParams = z.object({ deviceId: idParam });
export type DeviceIdParams = z.infer<typeof DeviceIdParams>;

/** `GET getDevices/{shopId}/{productType}`. */
export const StoreDevicesParams = z.object({ shopId: idParam, productType: intIn(1, 13) });
export type StoreDevicesParams = z.infer<typeof StoreDevicesParams>;

/** `GET updateState/{deviceId}/{state}`: state reading A (0 unregistered, 1 enabled, 2 disabled). */
export const DeviceStateParams = z.object({ deviceId: idParam, state: intIn(0, 2) });
export type DeviceStateParams = z.infer<typeof DeviceStateParams>;

/** `GET ids?ids=1,2&mornitored=0|1`: all named devices get the flag, or none (404 if any is unknown). */
export const MonitoredBatchQuery = z.object({
  ids: commaList(idParam).pipe(z.array(z.number()).min(1, 'is required')),
  mornitored: zeroOne,
});
export type MonitoredBatchQuery = z.infer<typeof MonitoredBatchQuery>;

/** Reply of `ids`: how many devices got the flag. */
export const MonitoredBatchResultSchema = z.object({ updated: z.number() });
export type MonitoredBatchResult = z.infer<typeof MonitoredBatchResultSchema>;

/** `POST isPreinstallation`: boxes only. */
export const PreinstallationBody = z.object({ deviceId: idParam, status: zeroOne });
export type PreinstallationBody = z.infer<typeof PreinstallationBody>;

/** `POST importExcel/{shopId}`. */
export const DeviceImportParams = z.object({ shopId: idParam });
export type DeviceImportParams = z.infer<typeof DeviceImportParams>;

/** One refused import row; `row` is the sheet's row number (the header is row 1). */
export interface DeviceImportRowError {
  row: number;
  field: string;
  message: string;
}

const RowProblemSchema = z.object({ field: z.string(), message: z.string() });

/**
 * A row the import left out: its sheet row number, its cells as text (template column order) and
 * every problem, in the caller's language. The console lists them and offers `report` for download.
 */
export const DeviceImportRejectedRowSchema = z.object({
  row: z.number(),
  cells: z.array(z.string()),
  errors: z.array(RowProblemSchema),
});
export type DeviceImportRejectedRow = z.infer<typeof DeviceImportRejectedRowSchema>;

/**
 * Reply of an import that got as far as the rows: the good rows are imported, the others rejected
 * and listed. `report` is an .xlsx (base64) of the rejected rows in the template's columns plus an
 * error column, null when none was rejected. A file that cannot be read, or holds no device rows or
 * too many, answers 400 with `data.rows: DeviceImportRowError[]` (or `data.fields`) and writes nothing.
 */
export const DeviceImportResultSchema = z.object({
  imported: z.number(),
  deviceIds: z.array(z.number()),
  rejected: z.array(DeviceImportRejectedRowSchema),
  report: z.string().nullable(),
});
export type DeviceImportResult = z.infer<typeof DeviceImportResultSchema>;

/** Reply of `rotateKey`. */
export const DeviceKeySchema = z.object({ deviceId: z.number(), securityKey: z.string() });
export type DeviceKey = z.infer<typeof DeviceKeySchema>;
