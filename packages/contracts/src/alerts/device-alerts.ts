/**
 * A device's alert rules and alert events, shown on the device details page (spec §3 "Device alert
 * rule", "Device alert event"; §7 listAlertsRule, listAlertsHistory).
 */
import { z } from 'zod';

import { PageQuery } from '../paging';
import { idParam, optionalFilter } from '../query';

/**
 * GET listAlertsRule?hostid=: hostid is the device's own hostid (the string it carries, spec §7).
 * `deviceId` (the numeric device id) names the device instead, or picks one when several devices in
 * the caller's scope carry the hostid. A numeric hostid is a hostid, never read as a device id.
 */
export const DeviceAlertRulesQuery = z.object({
  hostid: optionalFilter(z.string().trim().min(1).max(128, 'must be at most 128 characters')),
  deviceId: optionalFilter(idParam),
});
export type DeviceAlertRulesQuery = z.infer<typeof DeviceAlertRulesQuery>;

/**
 * One enabled rule that applies to the device. priority is the rule's alertLevel (1–5). ruleDesc is the
 * spec's text (server-made, Chinese labels like every server-made name); the rule's own fields come
 * along so the console can say the same in the user's language.
 */
export const DeviceAlertRule = z.object({
  ruleId: z.number(),
  priority: z.number(),
  /** What the rule checks, in words: "<name>: <trigger sentence>" (trigger-sentence.ts). */
  ruleDesc: z.string(),
  alertName: z.string(),
  triggerType: z.number(),
  triggerOperator: z.enum(['EQ', 'LT', 'GT']),
  triggerValue: z.number(),
  holdSeconds: z.number(),
  /** null: recovers past triggerValue. */
  recoveryValue: z.number().nullable(),
  unit: z.string(),
});
export type DeviceAlertRule = z.infer<typeof DeviceAlertRule>;

/** GET listAlertsHistory?deviceId= (paged), newest first. */
export const DeviceAlertEventsQuery = PageQuery.extend({ deviceId: idParam });
export type DeviceAlertEventsQuery = z.infer<typeof DeviceAlertEventsQuery>;

/**
 * One alert record of the device. clock: when it fired (YYYY-MM-DD HH:mm:ss); severity: the rule's
 * level at that time; recoveryTime null while unresolved (status 0), set once recovered (status 1).
 */
export const DeviceAlertEvent = z.object({
  eventid: z.string(),
  clock: z.string(),
  name: z.string(),
  severity: z.number(),
  status: z.number(),
  recoveryTime: z.string().nullable(),
});
export type DeviceAlertEvent = z.infer<typeof DeviceAlertEvent>;
