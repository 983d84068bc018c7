/**
 * The id slots of the data-scope sweep: which request fields name an object of some company, and which
 * of the protected place's real ids fill them. Fields come from the endpoints' own zod schemas
 * (sweep.test.ts), so a new call's id fields are swept the day it lands; a field that looks like an id
 * (`id`, `*Id`, `*Ids`, `hostid`, `*ListStr`, `*Level`, `*No`…) and has no slot here fails the sweep,
 * naming it, until someone says what it holds.
 */
import { type AnyEndpoint, ENDPOINT_GROUPS } from '@storefleet/contracts';

import type { SweepPlace } from './sweep-fixtures';
import type { Part } from './sweep-samples';

/** What an id field names. `shared`: the same for every company (product types, free text), no filler. */
export type Slot =
  | 'company'
  | 'store'
  | 'storeNo'
  | 'level'
  | 'areaCode'
  | 'device'
  | 'box'
  | 'hostid'
  | 'item'
  | 'assetNo'
  | 'role'
  | 'user'
  | 'alertRule'
  | 'alertSender'
  | 'alertRecord'
  | 'label'
  | 'netTestAddress'
  | 'netTestRun'
  | 'upgradeRun'
  | 'task'
  | 'logo'
  | 'inventory'
  | 'shared';

/** Names that look like ids. */
const ID_LIKE =
  /^(id|ids|pid)$|Ids?$|IdStr$|ListStr$|^(hostid|itemid)$|Key$|Nos?$|Codes?$|^(area|province|city)Level(List)?$/;

export function looksLikeId(name: string): boolean {
  return ID_LIKE.test(name);
}

/** Field names with the same meaning on every endpoint. */
const FIELD_SLOTS: Readonly<Record<string, Slot>> = {
  companyId: 'company',
  companyIds: 'company',
  shopId: 'store',
  storeId: 'store',
  shopIds: 'store',
  storeIds: 'store',
  shopIdStr: 'store',
  storeNo: 'storeNo',
  storeNos: 'storeNo',
  areaCode: 'areaCode',
  areaCodes: 'level',
  areaIds: 'level',
  areaId: 'level',
  proviceId: 'level',
  cityId: 'level',
  areaLevel: 'level',
  provinceLevel: 'level',
  cityLevel: 'level',
  areaLevelListStr: 'level',
  provinceLevelListStr: 'level',
  cityLevelListStr: 'level',
  provinceLevelList: 'level',
  cityLevelList: 'level',
  levelId: 'level',
  levelIdListStr: 'level',
  pid: 'level',
  deviceId: 'device',
  eloDeviceId: 'device',
  parentDeviceId: 'box',
  parentId: 'box',
  hostid: 'hostid',
  itemid: 'item',
  // A device's asset number and vehicle number: texts, but a filter on them must not find another's device.
  assetNo: 'assetNo',
  vinNo: 'assetNo',
  roleId: 'role',
  // The roles a two-step sign-in policy makes it mandatory for.
  roleIds: 'role',
  // An alert record (the overview's actions, its delivery log).
  recordId: 'alertRecord',
  userId: 'user',
  accountId: 'user',
  // Product types are one list for every company (the dictionary), not a company's object.
  productId: 'shared',
  // A free-text department label of a user, not an object of the product.
  departmentId: 'shared',
  // Dictionary codes (alert types, brand/model relations): the same for every company.
  alertTypeCode: 'shared',
  relativeCode: 'shared',
  // Inventory records (issue 12): the unbind path's id, the bind query's record and device.
  inventoryId: 'inventory',
  inventoryDeviceId: 'inventory',
  targetDeviceId: 'device',
  // Net tests from the boxes (issue 14): the boxes and addresses a run uses.
  boxIds: 'box',
  boxId: 'box',
  addressIds: 'netTestAddress',
  addressId: 'netTestAddress',
  // Box software versions (issue 14): packages are platform-wide; upgrade runs belong to a company.
  versionId: 'shared',
  runId: 'upgradeRun',
  // Task dispatch (issue 14): the devices, alert record and assignee a task names.
  deviceIds: 'device',
  alertRecordId: 'alertRecord',
  assigneeId: 'user',
};

/** What a bare `id` / `ids` names, per endpoint group of ENDPOINT_GROUPS. */
const ID_BY_GROUP: Readonly<Partial<Record<keyof typeof ENDPOINT_GROUPS, Slot>>> = {
  alert: 'alertRule',
  alertSender: 'alertSender',
  alertRecord: 'alertRecord',
  device: 'device',
  user: 'user',
  role: 'role',
  store: 'store',
  level: 'level',
  levelLabel: 'label',
  netTestAddress: 'netTestAddress',
  netTestRun: 'netTestRun',
  version: 'shared',
  task: 'task',
  logo: 'logo',
  inventory: 'inventory',
  // Two-step sign-in: an admin's reset names the user.
  mfa: 'user',
};

/** Endpoints whose bare `id` means something other than their group's object. */
const ID_BY_ENDPOINT: ReadonlyMap<AnyEndpoint, Slot> = new Map([
  // Spec §5: the insert's `id` is the company the logo is for.
  [ENDPOINT_GROUPS.logo.insertLogImg, 'company'],
]);

/** Fields that mean something else on one endpoint than everywhere else. */
const FIELD_BY_ENDPOINT: ReadonlyMap<AnyEndpoint, Readonly<Record<string, Slot>>> = new Map([
  // Spec §7 names the device's id `hostid` in listAlertsRule.
  [ENDPOINT_GROUPS.alert.listAlertsRule, { hostid: 'device' }],
]);

const GROUP_OF = new Map<AnyEndpoint, string>(
  Object.entries(ENDPOINT_GROUPS).flatMap(([group, endpoints]) =>
    Object.values(endpoints as Record<string, AnyEndpoint>).map((e) => [e, group] as const),
  ),
);

/**
 * Texts that name an object when a call looks one up or filters by them, but in a body are the
 * new or changed object's own value (a device's hostid or asset number, a store's number).
 */
const OWN_VALUE_IN_BODY: ReadonlySet<Slot> = new Set(['hostid', 'storeNo', 'assetNo']);

/**
 * The slot of a field of `endpoint` in `part`: 'none' when it is not an id, undefined when it looks
 * like one but has no slot.
 */
export function slotOf(endpoint: AnyEndpoint, name: string, part?: Part): Slot | 'none' | undefined {
  const slot = slotByName(endpoint, name);
  return part === 'body' && slot !== undefined && slot !== 'none' && OWN_VALUE_IN_BODY.has(slot)
    ? 'shared'
    : slot;
}

function slotByName(endpoint: AnyEndpoint, name: string): Slot | 'none' | undefined {
  if (name === 'id' || name === 'ids') {
    const group = GROUP_OF.get(endpoint) as keyof typeof ENDPOINT_GROUPS | undefined;
    return ID_BY_ENDPOINT.get(endpoint) ?? (group ? ID_BY_GROUP[group] : undefined);
  }
  const slot = FIELD_BY_ENDPOINT.get(endpoint)?.[name] ?? FIELD_SLOTS[name];
  if (slot) return slot;
  return looksLikeId(name) ? undefined : 'none';
}

/** Whether a field name holds several ids (a list or comma-separated text). */
export function isPlural(name: string): boolean {
  return /(s|Str|List)$/.test(name) && name !== 'status';
}

/** The protected place's ids for a slot, most telling first (empty for `shared`); `name` picks the level kind. */
export function fillers(slot: Slot, place: SweepPlace, name = ''): (string | number)[] {
  switch (slot) {
    case 'company':
      return [place.companyId];
    case 'store':
      return place.storeIds;
    case 'storeNo':
      return place.storeNos;
    case 'level': {
      const first = /provi/i.test(name)
        ? place.provinceId
        : /city/i.test(name)
          ? place.cityId
          : place.regionId;
      return [first, ...place.levelIds.filter((l) => l !== first)];
    }
    case 'areaCode':
      return [place.areaCode];
    case 'device':
      return [place.deviceId, place.boxId];
    case 'box':
      return [place.boxId];
    case 'hostid':
      return place.hostids;
    case 'item':
      return place.items;
    case 'assetNo':
      return place.assetNos;
    case 'role':
      return place.roleIds;
    case 'user':
      return place.userIds;
    case 'alertRule':
      return place.alertRuleIds;
    case 'alertSender':
      return place.alertSenderIds;
    case 'alertRecord':
      return place.alertRecordIds;
    case 'label':
      return place.labelIds;
    case 'netTestAddress':
      return place.netTestAddressIds;
    case 'netTestRun':
      return place.netTestRunIds;
    case 'upgradeRun':
      return place.upgradeRunIds;
    case 'task':
      return place.taskIds;
    case 'logo':
      return place.logoIds;
    case 'inventory':
      return place.inventoryIds;
    case 'shared':
      return [];
  }
}
