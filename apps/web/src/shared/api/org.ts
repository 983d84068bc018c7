/**
 * Store, hierarchy, level-label and net-test-address calls under /api/user-service (spec §7).
 * Request shapes come from the contracts.
 */
import type {
  LevelConfigSaveBody,
  LevelLabel,
  LevelLabelSaveBody,
  LevelTreeNode,
  NetTestAddress,
  NetTestAddressSaveBody,
  PagedResult,
  RegionLevelNode,
  RegionLevelTreeNode,
  Store,
  StoreCreateBody,
  StoreUpdateBody,
} from '@storefleet/contracts';

import { http, type Params } from '../request/client';

const USER_SERVICE = '/api/user-service';
const STORE = `${USER_SERVICE}/store`;
const LEVEL = `${USER_SERVICE}/levelConfig`;
const SETTING = `${USER_SERVICE}/systemSetting`;

/** One page of stores; `query` holds the filters plus pageNum/pageSize. */
export function listStorePage(query: Params, signal?: AbortSignal): Promise<PagedResult<Store>> {
  return http.get<PagedResult<Store>>(`${STORE}/list`, { query, signal });
}

/** One store by id (404 outside the caller's scope). */
export async function getStore(id: number, signal?: AbortSignal): Promise<Store | undefined> {
  const list = await http.get<Store[]>(`${STORE}/list`, { query: { shopId: id }, signal });
  return list[0];
}

export function createStore(body: StoreCreateBody): Promise<Store> {
  return http.put<Store>(STORE, { json: body });
}

export function updateStore(body: StoreUpdateBody): Promise<Store> {
  return http.post<Store>(STORE, { json: body });
}

/** Marks a store moved (1) or normal (0). */
export function moveStore(id: number, status: 0 | 1): Promise<Store> {
  return http.post<Store>(`${STORE}/move`, { query: { id, status } });
}

export function deleteStore(id: number): Promise<null> {
  return http.post<null>(`${STORE}/delete/${id}`);
}

/** The region → province → city tree of the caller's scope. */
export function listLevelTree(signal?: AbortSignal): Promise<RegionLevelTreeNode[]> {
  return http.get<RegionLevelTreeNode[]>(`${LEVEL}/listLevelTree`, { signal });
}

/** The level editor's tree (childTreeDto). */
export function listLevelConfig(signal?: AbortSignal): Promise<LevelTreeNode[]> {
  return http.get<LevelTreeNode[]>(`${LEVEL}/listLevelConfig`, { signal });
}

/** The stores at or below a level, for a cascader's store step. */
export function listStoresOfLevel(levelId: number, signal?: AbortSignal): Promise<Store[]> {
  return http.get<Store[]>(`${LEVEL}/listStore/${levelId}`, { signal });
}

export function saveLevelConfig(body: LevelConfigSaveBody): Promise<RegionLevelNode> {
  return http.post<RegionLevelNode>(`${LEVEL}/addOrUpdateLevelConfig`, { json: body });
}

export function deleteLevelConfig(id: number): Promise<null> {
  return http.post<null>(`${LEVEL}/deleteLevelConfig/${id}`);
}

export function listLevelLabels(signal?: AbortSignal): Promise<LevelLabel[]> {
  return http.get<LevelLabel[]>(`${SETTING}/listLevelLabel`, { signal });
}

export function saveLevelLabel(body: LevelLabelSaveBody): Promise<LevelLabel> {
  return http.post<LevelLabel>(`${SETTING}/addOrUpdateLevelLabel`, { json: body });
}

export function deleteLevelLabel(id: number): Promise<null> {
  return http.post<null>(`${SETTING}/deleteLevelLabel/${id}`);
}

/** Net-test addresses: a platform user sees all of them. */
export function listNetTestAddresses(signal?: AbortSignal): Promise<NetTestAddress[]> {
  return http.get<NetTestAddress[]>(`${SETTING}/listAddress`, { signal });
}

export function saveNetTestAddress(body: NetTestAddressSaveBody): Promise<NetTestAddress> {
  return http.post<NetTestAddress>(`${SETTING}/addOrUpdateAddress`, { json: body });
}

export function deleteNetTestAddress(id: number): Promise<null> {
  return http.post<null>(`${SETTING}/deleteAddress/${id}`);
}

/** Companies the caller works for (platform: all). */
export function listCompanies(
  signal?: AbortSignal,
): Promise<{ id: number; companyNo: string; name: string }[]> {
  return http.get(`${STORE}/listCompanys`, { signal });
}
