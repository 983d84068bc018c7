/**
 * Quiet where it should be (issue 11): while a store's box is offline, the devices probed through it
 * (same store, `parent_device_id` = the box) cannot be heard either; their offline records are held
 * under the box's one offline record (`alert_records.suppressed_by`) and not notified. Order of events
 * (docs/decisions/alerting.md "Box outage"): a device's values travel in its box's batches, so its
 * silence starts with the box's or before; the sweep marks it offline in the same chunk as the box or
 * earlier, and its record opens (after the rule's hold) before, with or after the box's. So holding
 * works both ways: a box record that opens takes the device offline records opened since the box was
 * last heard of; a device offline record that opens while its box has one open goes under it. When
 * the box is back, the sweep releases (`releaseHeldRecords`) the records of devices still down once
 * the company's offline threshold has passed since the box's recovery (time for the box to report
 * them); devices that came back in that time just recover, never notified.
 */
import { ProductType } from '@storefleet/contracts';

import type { Trx } from '../../db/trx';
import type { AlertDevice } from './alert-evaluation';
import {
  listBoxes,
  listHeldAfterBoxReturned,
  listOfflineRecordsBehind,
  listOpenOfflineRecords,
  releaseRecords,
  suppressRecords,
} from './alert-records.repository';

export const ONLINE_ITEM = 'online';

/** An offline record a transaction just opened. */
export interface OpenedOffline {
  recordId: number;
  deviceId: number;
}

/**
 * Holds the offline records that belong under a box record, for `opened` (offline records this
 * transaction opened): returns record id → the box record it is held under. A handful of queries
 * whatever the number of boxes (an outage storm marks a thousand at once).
 */
export async function holdUnderBoxes(
  trx: Trx,
  devices: ReadonlyMap<number, AlertDevice>,
  opened: readonly OpenedOffline[],
): Promise<Map<number, number>> {
  const heldBy = new Map<number, number>();
  if (opened.length === 0) return heldBy;
  const boxIds: number[] = [];
  const behindBoxes: Array<OpenedOffline & { boxId: number }> = [];
  for (const record of opened) {
    const device = devices.get(record.deviceId);
    if (!device) continue;
    if (device.parent_device_id !== null) behindBoxes.push({ ...record, boxId: device.parent_device_id });
    else if (device.product_id === ProductType.AI_BOX) boxIds.push(record.deviceId);
  }
  const boxRecords = await listOpenOfflineRecords(trx, [...boxIds, ...behindBoxes.map((r) => r.boxId)]);
  // Boxes first: a box record takes its devices' records opened since the box was last heard of
  // (those opened now included).
  const openedBoxes = boxIds.filter((id) => boxRecords.has(id));
  const boxes = new Map((await listBoxes(trx, openedBoxes)).map((box) => [box.id, box]));
  for (const record of await listOfflineRecordsBehind(trx, openedBoxes)) {
    const box = boxes.get(record.box_id);
    const boxRecordId = boxRecords.get(record.box_id);
    if (!box || boxRecordId === undefined || box.shop_id !== record.shop_id) continue;
    if (record.alert_time >= (box.last_seen_at ?? 0)) heldBy.set(record.id, boxRecordId);
  }
  // Then a device record opened while its box's record is open.
  for (const record of behindBoxes) {
    const boxRecordId = boxRecords.get(record.boxId);
    const sameStore = devices.get(record.deviceId)?.shop_id === devices.get(record.boxId)?.shop_id;
    if (
      boxRecordId !== undefined &&
      !heldBy.has(record.recordId) &&
      (sameStore || !devices.has(record.boxId))
    )
      heldBy.set(record.recordId, boxRecordId);
  }
  await suppressRecords(trx, heldBy);
  return heldBy;
}

/**
 * Releases the held records of devices still down once their box has been back for the company's
 * offline threshold (`graceMs`): they stand on their own and get notified. Returns their ids.
 */
export async function releaseHeldRecords(
  trx: Trx,
  now: number,
  graceMs: (companyId: number) => Promise<number>,
): Promise<number[]> {
  const due: number[] = [];
  for (const held of await listHeldAfterBoxReturned(trx)) {
    if (held.box_back_at + (await graceMs(held.company_id)) <= now) due.push(held.id);
  }
  await releaseRecords(trx, due);
  return due;
}
