/**
 * How the inventory lists' filters live in the URL and become the calls' bodies (spec §7
 * `listInventoryDevices`, `listInventoryDevices/data`, the export). Pure, tested without a browser.
 *
 * The region filter and the category are written as on the device lists (device-query.ts): region
 * paths `3.17.s9`, `deviceCategory` with an optional `deviceClass`. Flags and the property status are
 * sent as numbers; text is trimmed; empty values are never sent; the page's own scope (the non-network
 * page's `isNetworkDevice=1`) is applied last, so a URL cannot override it.
 */
import type {
  BodyInput,
  InventoryEndpoints,
  InventoryListBody,
  InventorySortField,
} from '@storefleet/contracts';
import { parseRegionPath, type RegionPath, regionQuery } from '@/shared/device/device-query';
import type { FilterSpec, ListParams, ListSort } from '@/shared/list';
import { withoutPaging } from '@/shared/list/list-query';

/** The filters of the inventory lists (the non-network page leaves out the network flag). */
export const INVENTORY_FILTERS = {
  region: 'list',
  deviceCategory: 'text',
  deviceClass: 'text',
  assetNo: 'text',
  deviceName: 'text',
  model: 'text',
  propertyType: 'text',
  status: 'text',
  isInventory: 'text',
  isManage: 'text',
  isNetworkDevice: 'text',
} as const satisfies FilterSpec;
export type InventoryListParams = ListParams<typeof INVENTORY_FILTERS>;

/** Columns the page sorts by (a subset of the contract's INVENTORY_SORT_FIELDS). */
export const INVENTORY_LIST_SORT_FIELDS = [
  'assetNo',
  'deviceName',
  'shopName',
  'model',
  'macAddress',
  'status',
  'obtainTime',
  'updateTime',
] as const satisfies readonly InventorySortField[];

/** The spec requires a sort on the inventory list: newest records first unless a column is picked. */
export const INVENTORY_DEFAULT_SORT: ListSort = { sortBy: 'id', sortDirection: 'desc' };

/** What a page fixes for itself: the non-network page lists `isNetworkDevice=1` only. */
export interface InventoryScope {
  isNetworkDevice?: 0 | 1;
}

/** The list call's body, typed loosely where the contract accepts text or numbers. */
export type InventoryCallBody = Partial<Record<keyof InventoryListBody, string | number>>;

const TEXT = ['assetNo', 'deviceName', 'model', 'propertyType', 'deviceCategory', 'deviceClass'] as const;
const FLAGS = ['isInventory', 'isManage', 'isNetworkDevice'] as const;

function flagOf(value: string | undefined): 0 | 1 | undefined {
  return value === '0' ? 0 : value === '1' ? 1 : undefined;
}

/** The list's URL state as the `listInventoryDevices` body. */
export function inventoryListBody(
  params: Partial<InventoryListParams>,
  scope: InventoryScope = {},
): InventoryCallBody {
  const paths = (params.region ?? []).map(parseRegionPath).filter((p): p is RegionPath => p !== null);
  const out: InventoryCallBody = { ...regionQuery(paths) };
  for (const name of TEXT) {
    const value = params[name];
    if (typeof value === 'string' && value.trim() !== '') out[name] = value.trim();
  }
  // A small category means nothing without its large one.
  if (out.deviceClass !== undefined && out.deviceCategory === undefined) delete out.deviceClass;
  const status = Number(params.status);
  if (Number.isInteger(status) && status >= 1 && status <= 4) out.status = status;
  for (const name of FLAGS) {
    const flag = flagOf(params[name]);
    if (flag !== undefined) out[name] = flag;
  }
  if (params.pageNum !== undefined) out.pageNum = params.pageNum;
  if (params.pageSize !== undefined) out.pageSize = params.pageSize;
  if (params.sortBy && params.sortDirection) {
    out.sortBy = params.sortBy;
    out.sortDirection = params.sortDirection;
  }
  if (scope.isNetworkDevice !== undefined) out.isNetworkDevice = scope.isNetworkDevice;
  return out;
}

/** The summary and the export take the list's filters without paging or sorting. */
export function inventoryFilterBody(
  params: Partial<InventoryListParams>,
  scope: InventoryScope = {},
): InventoryCallBody {
  return withoutPaging(inventoryListBody(params, scope));
}

/** The list body. */
export type ListCallBody = BodyInput<typeof InventoryEndpoints.listInventoryDevices>;
/** The summary body. */
export type SummaryCallBody = BodyInput<typeof InventoryEndpoints.listInventoryDevicesData>;

/**
 * A body built here as the call's input type. The contract's multi-value filters (`commaList`) take
 * any input, which its input type spells as required `unknown` keys; every key is optional on the
 * wire, so the partial body built here is what the call accepts.
 */
export function asCallBody<B extends ListCallBody | SummaryCallBody>(body: InventoryCallBody): B {
  return body as unknown as B;
}
