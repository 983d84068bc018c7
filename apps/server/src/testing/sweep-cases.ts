/**
 * The data-scope sweep's table: one row per (asker, endpoint, how to fill its ids from the protected
 * fixtures). sweep.test.ts runs every row and checks 0 leaks (the reply holds none of the protected
 * secrets), 0 changes (the fingerprint of the protected rows is unchanged) and the expected status
 * (403 or 404 unless the row says otherwise). A row names its endpoint object, so a renamed or
 * removed call fails to compile instead of silently dropping out of the sweep.
 *
 * To add a row:
 *
 *   { as: 'admin', endpoint: E.store.deleteStore, fill: (f) => ({ params: { id: f.b.storeId } }) },
 *   { as: 'operator', endpoint: E.store.list, expect: [200],   // a list answers 200, minus the leak
 *     fill: (f) => ({ query: { shopId: f.outside.storeId } }) },
 *
 * `f.b` holds company B's ids (storeId, storeIds, regionId, levelIds, deviceId, boxId, roleId, userId,
 * alertRuleId…), `f.outside` the company A stores, levels and devices outside the operator's region.
 * Every route, in the table or not, is also swept generically with every id field of its schemas
 * filled (sweep-slots.ts); the table adds the exact status each call must answer.
 */
import { type AnyEndpoint, ENDPOINT_GROUPS as E } from '@storefleet/contracts';

import { DEVICE_SWEEP_CASES, sweepDevice } from './sweep-device-cases';
import type { SweepFixtures } from './sweep-fixtures';

export type Asker = 'admin' | 'agent' | 'operator' | 'platform';

export interface SweepRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** The company an agent admin chooses (x-company-id). */
  company?: number;
}

export interface SweepCase {
  /**
   * `admin`: company A's customer admin asking for company B; `agent`: an agent admin over A and C
   * asking for B; `operator`: the East China operator asking outside it; `platform`: a platform user
   * holding only the user and role list pages.
   */
  as: Asker;
  endpoint: AnyEndpoint;
  fill: (f: SweepFixtures) => SweepRequest;
  /** Allowed statuses; default 403 or 404. */
  expect?: readonly number[];
  /** Tells rows of the same route apart in the test names. */
  note?: string;
}

const LIST = [200] as const;

const newUser = (extra: Record<string, unknown>) => ({
  name: 'Sweep Person',
  userName: `sweep.${Object.keys(extra).join('.')}`,
  password: 'Sweep#2026x',
  status: 'ACTIVE',
  ...extra,
});

export const SWEEP_CASES: SweepCase[] = [
  // Users
  { as: 'admin', endpoint: E.user.getUser, fill: (f) => ({ params: { id: f.b.userId } }) },
  {
    as: 'admin',
    endpoint: E.user.listUsers,
    fill: (f) => ({ query: { companyId: f.companyB, pageSize: 1000 } }),
    expect: LIST,
  },
  {
    as: 'admin',
    endpoint: E.user.listShopUsers,
    fill: (f) => ({ query: { shopIds: f.b.storeIds.join(','), pageSize: 1000 } }),
    expect: LIST,
  },
  {
    as: 'admin',
    endpoint: E.user.addUser,
    note: 'role of B',
    fill: (f) => ({ body: newUser({ roleId: f.b.roleId }) }),
  },
  {
    as: 'admin',
    endpoint: E.user.addUser,
    note: 'company B',
    fill: (f) => ({ body: newUser({ roleId: 1, companyId: f.companyB }) }),
  },
  {
    as: 'admin',
    endpoint: E.user.addUser,
    note: 'areas and stores of B',
    fill: (f) => ({
      body: newUser({ roleId: 1, areaCodes: [String(f.b.regionId)], storeIds: [String(f.b.storeId)] }),
    }),
  },
  {
    as: 'admin',
    endpoint: E.user.updateUser,
    fill: (f) => ({ body: { ...newUser({ roleId: f.b.roleId }), id: f.b.userId } }),
  },
  { as: 'admin', endpoint: E.user.disableUser, fill: (f) => ({ query: { id: f.b.userId } }) },
  { as: 'admin', endpoint: E.user.enableUser, fill: (f) => ({ query: { id: f.b.userId } }) },
  // Roles
  {
    as: 'admin',
    endpoint: E.role.listRoles,
    fill: (f) => ({ query: { companyId: f.companyB, pageSize: 1000 } }),
    expect: LIST,
  },
  { as: 'admin', endpoint: E.role.getRole, fill: (f) => ({ params: { id: f.b.roleId } }) },
  {
    as: 'admin',
    endpoint: E.role.listRoleAreas,
    fill: (f) => ({ params: { id: f.b.roleId } }),
  },
  {
    as: 'admin',
    endpoint: E.role.addRole,
    note: 'areas of B',
    fill: (f) => ({ body: { name: 'Sweep', authorities: ['dashboard'], areaIds: [f.b.regionId] } }),
  },
  {
    as: 'admin',
    endpoint: E.role.addRole,
    note: 'stores of B',
    fill: (f) => ({ body: { name: 'Sweep', authorities: ['dashboard'], storeIds: [f.b.storeId] } }),
  },
  {
    as: 'admin',
    endpoint: E.role.updateRole,
    fill: (f) => ({ body: { id: f.b.roleId, name: 'Taken over', authorities: ['dashboard'] } }),
  },
  { as: 'admin', endpoint: E.role.deleteRole, fill: (f) => ({ params: { id: f.b.roleId } }) },
  // Stores
  {
    as: 'admin',
    endpoint: E.store.list,
    fill: (f) => ({ query: { companyId: f.companyB, shopId: f.b.storeId } }),
    expect: [200, 403, 404],
  },
  {
    as: 'admin',
    endpoint: E.store.updateStore,
    fill: (f) => ({ body: { id: f.b.storeId, storeNo: 'SW1', storeName: 'Swept', areaLevel: f.b.regionId } }),
  },
  {
    as: 'admin',
    endpoint: E.store.addStore,
    fill: (f) => ({ body: { storeNo: 'SW2', storeName: 'Swept', areaLevel: f.b.regionId } }),
  },
  {
    as: 'admin',
    endpoint: E.store.moveStore,
    fill: (f) => ({ query: { id: f.b.storeId, status: 1 } }),
  },
  {
    as: 'admin',
    endpoint: E.store.deleteStore,
    fill: (f) => ({ params: { id: f.b.storeId } }),
  },
  {
    as: 'operator',
    endpoint: E.store.list,
    fill: (f) => ({ query: { shopId: f.outside.storeId, areaCodes: f.outside.regionId } }),
    expect: [200, 403, 404],
  },
  // Levels
  {
    as: 'admin',
    endpoint: E.level.listNextLevel,
    fill: (f) => ({ params: { levelId: f.b.regionId } }),
    expect: [200, 403, 404],
  },
  {
    as: 'admin',
    endpoint: E.level.listStore,
    fill: (f) => ({ params: { levelId: f.b.regionId } }),
    expect: [200, 403, 404],
  },
  {
    as: 'admin',
    endpoint: E.level.listStoreMulti,
    fill: (f) => ({ params: { levelIdListStr: f.b.levelIds.join(',') } }),
    expect: [200, 403, 404],
  },
  {
    as: 'admin',
    endpoint: E.level.addOrUpdateLevelConfig,
    fill: (f) => ({ body: { id: f.b.regionId, name: 'Taken over' } }),
  },
  {
    as: 'admin',
    endpoint: E.level.deleteLevelConfig,
    fill: (f) => ({ params: { id: f.b.levelIds[f.b.levelIds.length - 1] ?? f.b.regionId } }),
  },
  {
    as: 'operator',
    endpoint: E.level.listStore,
    fill: (f) => ({ params: { levelId: f.outside.regionId } }),
    expect: [200, 403, 404],
  },
  {
    as: 'operator',
    endpoint: E.level.listStoreMulti,
    fill: (f) => ({ params: { levelIdListStr: f.outside.levelIds.join(',') } }),
    expect: [200, 403, 404],
  },
  // Devices (the device registry): another company's or region's store.
  {
    as: 'admin',
    endpoint: E.device.add,
    fill: (f) => ({ body: sweepDevice(f.b.storeId) }),
  },
  {
    as: 'operator',
    endpoint: E.device.listDevices,
    fill: (f) => ({ query: { shopIdStr: f.outside.storeIds.join(','), pageSize: 1000 } }),
    expect: LIST,
  },
  {
    as: 'admin',
    endpoint: E.device.getDevices,
    fill: (f) => ({ params: { shopId: f.b.storeId, productType: 1 } }),
    expect: LIST,
  },
  // Alert rules (company-wide) and a device's alert rules and events.
  {
    as: 'admin',
    endpoint: E.alert.listAlertRules,
    fill: (f) => ({ query: { companyId: f.companyB, id: f.b.alertRuleId, pageSize: 1000 } }),
    expect: LIST,
  },
  {
    as: 'admin',
    endpoint: E.alert.updateAlertRule,
    fill: (f) => ({ body: { ...sweepAlertRule(), id: f.b.alertRuleId, companyId: f.companyB } }),
  },
  {
    as: 'admin',
    endpoint: E.alert.addAlertRule,
    expect: [200],
    note: 'lands in company A whatever companyId says',
    fill: (f) => ({ body: { ...sweepAlertRule(), companyId: f.companyB } }),
  },
  {
    as: 'admin',
    endpoint: E.alert.updateAlertRuleStatus,
    fill: (f) => ({ params: { id: f.b.alertRuleId }, query: { status: 0 } }),
  },
  {
    as: 'admin',
    endpoint: E.alert.deleteAlertRule,
    fill: (f) => ({ params: { id: f.b.alertRuleId } }),
  },
  {
    as: 'admin',
    endpoint: E.alert.listAlertsRule,
    fill: (f) => ({ query: { hostid: f.b.deviceId } }),
  },
  {
    as: 'admin',
    endpoint: E.alert.listAlertsHistory,
    fill: (f) => ({ query: { deviceId: f.b.deviceId } }),
  },
  {
    as: 'operator',
    endpoint: E.alert.listAlertsRule,
    fill: (f) => ({ query: { hostid: f.outside.deviceId } }),
  },
  {
    as: 'operator',
    endpoint: E.alert.listAlertsHistory,
    fill: (f) => ({ query: { deviceId: f.outside.deviceId } }),
  },
  // A device's own calls (registry and monitoring), by company B's and the outside region's canary devices.
  ...DEVICE_SWEEP_CASES,
  // An agent admin may choose only the companies it works for.
  {
    as: 'agent',
    endpoint: E.device.listDevices,
    note: 'x-company-id of B',
    fill: (f) => ({ company: f.companyB }),
    expect: [403],
  },
  {
    as: 'agent',
    endpoint: E.store.list,
    note: 'x-company-id of B',
    fill: (f) => ({ company: f.companyB }),
    expect: [403],
  },
  {
    as: 'agent',
    endpoint: E.user.getUser,
    fill: (f) => ({ params: { id: f.b.userId } }),
  },
  {
    as: 'agent',
    endpoint: E.role.deleteRole,
    fill: (f) => ({ params: { id: f.b.roleId } }),
  },
  {
    as: 'agent',
    endpoint: E.store.deleteStore,
    fill: (f) => ({ params: { id: f.b.storeId } }),
  },
  // A platform user without a code answers 403 for it, whatever company the call names.
  {
    as: 'platform',
    endpoint: E.device.detail,
    fill: (f) => ({ params: { deviceId: f.b.deviceId } }),
    expect: [403],
  },
  {
    as: 'platform',
    endpoint: E.user.disableUser,
    fill: (f) => ({ query: { id: f.b.userId } }),
    expect: [403],
  },
  {
    as: 'platform',
    endpoint: E.role.deleteRole,
    fill: (f) => ({ params: { id: f.b.roleId } }),
    expect: [403],
  },
  {
    as: 'platform',
    endpoint: E.netTestAddress.addOrUpdateAddress,
    fill: (f) => ({
      body: {
        id: f.b.netTestAddressIds[0],
        companyId: f.companyB,
        pingUrl: 'https://127.0.0.1',
        pingUrlName: 'x',
      },
    }),
    expect: [403],
  },
];

function sweepAlertRule() {
  return {
    alertName: 'Sweep rule',
    alertLevel: 1,
    alertType: 1,
    connectType: 1,
    productType: 1,
    triggerType: 1,
    triggerOperator: 'EQ',
    triggerValue: 0,
    deviceCategory: 'box',
  };
}

/**
 * Routes the generic sweep leaves out, with why. Long-lived streams never finish a reply, so the
 * sweep cannot read one; give such a route an explicit row above if it takes ids.
 */
export const GENERIC_SWEEP_EXCLUDED: ReadonlyMap<AnyEndpoint, string> = new Map([
  [E.monitoring.events, 'server-sent event stream: the reply never ends'],
]);
