/**
 * Per-entity factories for HTTP tests: each creates one row through the real API (`t.call`, so the
 * service's rules and defaults apply), with defaults that pass validation, overrides for what the test
 * is about, and returns what the API returned. Each call gets its own numbers and names, so a test may
 * build as many as it needs on one app.
 *
 *   const store = await buildStore(t, admin, { areaLevel: east.region });
 *   const rule = await buildAlertRule(t, admin, { shopIds: [store.id] });
 */
import {
  AlertEndpoints,
  type AnyEndpoint,
  type BodyInput,
  DeviceEndpoints,
  StoreEndpoints,
  TaskEndpoints,
  UserEndpoints,
} from '@storefleet/contracts';

import type { Caller, TestClient } from './test-client';

let serial = 0;
/** A number no other factory call in this process has used. */
const next = () => ++serial;

type Input<E extends AnyEndpoint> = Partial<BodyInput<E>>;

/**
 * A body of `E` from some of its fields. Optional fields read through `z.preprocess` have the input
 * type `unknown`, which TypeScript counts as required; the server's schema judges what is missing.
 */
const bodyOf = <E extends AnyEndpoint>(_endpoint: E, fields: Input<E>) => fields as BodyInput<E>;

/** A store in the caller's company; `areaLevel` (a region id) is required, the rest has defaults. */
export function buildStore(
  t: TestClient,
  caller: Caller,
  overrides: Input<typeof StoreEndpoints.addStore> & { areaLevel: number },
) {
  const n = next();
  return t.call(
    StoreEndpoints.addStore,
    { body: { storeNo: `T${String(n).padStart(5, '0')}`, storeName: `Test store ${n}`, ...overrides } },
    caller,
  );
}

/**
 * The fields of a valid receipt printer (no store yet): its own hostid, MAC and loopback intranet IP,
 * unique in this process, so as many as a test needs can be added to one company.
 */
export function printerFields() {
  const n = next();
  const hex = (v: number) => v.toString(16).padStart(2, '0');
  return {
    hostid: `printer-test-${n}`,
    deviceName: 'Test printer',
    productId: 5,
    connectType: 4,
    deviceSystem: 3,
    deviceBrand: 'Epson',
    model: 'TM-T82III',
    isPreinstallation: 0,
    intranetIp: `127.0.8.${n % 250}`,
    macAddress: `00:26:ab:00:${hex(n >> 8)}:${hex(n % 256)}`,
    deviceCategory: 'print',
    deviceClass: 'receipt-printer',
  };
}

/** A receipt printer (`printerFields`) in the store `shopId`, under its box when `parentDeviceId` is given. */
export function buildDevice(
  t: TestClient,
  caller: Caller,
  overrides: Input<typeof DeviceEndpoints.add> & { shopId: number },
) {
  return t.call(
    DeviceEndpoints.add,
    { body: bodyOf(DeviceEndpoints.add, { ...printerFields(), ...overrides }) },
    caller,
  );
}

/** The password `buildUser` gives a user unless the overrides name one. */
export const FACTORY_PASSWORD = 'Secret#2026';

/** An active user of the caller's company with the role `roleId` (null: no role). */
export function buildUser(
  t: TestClient,
  caller: Caller,
  overrides: Input<typeof UserEndpoints.addUser> & { roleId: number | null },
) {
  const userName = overrides.userName ?? `factory.user.${next()}`;
  return t.call(
    UserEndpoints.addUser,
    { body: { name: userName, userName, password: FACTORY_PASSWORD, status: 'ACTIVE', ...overrides } },
    caller,
  );
}

/** An inspection task of the caller's company, with no targets unless the overrides give them. */
export function buildTask(
  t: TestClient,
  caller: Caller,
  overrides: Input<typeof TaskEndpoints.createTask> = {},
) {
  return t.call(
    TaskEndpoints.createTask,
    {
      body: bodyOf(TaskEndpoints.createTask, {
        title: `Test task ${next()}`,
        type: 'inspection',
        ...overrides,
      }),
    },
    caller,
  );
}

/** What a test may set on an alert rule `buildAlertRule` adds. */
export type AlertRuleOverrides = Input<typeof AlertEndpoints.addAlertRule>;

/**
 * A performance alert rule: delay over 100 ms on any device in the caller's scope, level 3, enabled.
 * Rules narrow by `shopIds`, `connectType`, `deviceCategory` and the other rule fields.
 */
export function buildAlertRule(t: TestClient, caller: Caller, overrides: AlertRuleOverrides = {}) {
  return t.call(
    AlertEndpoints.addAlertRule,
    {
      body: bodyOf(AlertEndpoints.addAlertRule, {
        alertName: 'Slow',
        alertLevel: 3,
        alertType: 1,
        triggerType: 2,
        triggerOperator: 'GT',
        triggerValue: 100,
        ...overrides,
      }),
    },
    caller,
  );
}

/** A slow-POS rule: delay over 100 ms on the ping terminals (connect type 4, product 4, category terminal). */
export function buildSlowPosRule(t: TestClient, caller: Caller, overrides: AlertRuleOverrides = {}) {
  return buildAlertRule(t, caller, {
    alertName: 'Slow POS',
    connectType: 4,
    productType: 4,
    deviceCategory: 'terminal',
    ...overrides,
  });
}

/** An offline rule (state 0, level 4) over the stores `shopIds`. */
export function buildOfflineRule(t: TestClient, caller: Caller, overrides: AlertRuleOverrides = {}) {
  return buildAlertRule(t, caller, {
    alertName: 'Offline',
    alertLevel: 4,
    triggerType: 1,
    triggerOperator: 'EQ',
    triggerValue: 0,
    ...overrides,
  });
}
