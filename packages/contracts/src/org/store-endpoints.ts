/**
 * Store, company and area calls under /api/user-service/store (spec §7; create/update/move/delete
 * are ours). The organisation reads (companies, areas, name search, level trees) are open to every
 * module whose pages pick by region or store (`ORG_READ_CODES`); the store CRUD to the overview page.
 */
import { z } from 'zod';

import { endpoint, FILE_RESPONSE } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE, PAGE } from '../permissions';
import {
  AreaListQuery,
  AreaSchema,
  CompanyListQuery,
  CompanySchema,
  StoreCreateBody,
  StoreIdParams,
  StoreListQuery,
  StoreMoveQuery,
  StoreNameSearchQuery,
  StoreSchema,
  StoreUpdateBody,
} from './store';
import { StoreImportQuery, StoreImportResultSchema } from './store-import';

const STORE_API = '/api/user-service/store';

/**
 * Who may read the organisation (companies, areas, level trees, store pickers): anyone holding a
 * module whose pages filter or pick by region or store. The rows returned are still limited to the
 * caller's scope; a user without any of these modules (no role) is refused.
 */
export const ORG_READ_CODES = {
  any: [
    MODULE.store,
    MODULE.device,
    MODULE.dashboard,
    MODULE.monitorScreen,
    MODULE.dynamicMonitor,
    MODULE.alert,
    MODULE.alarmRules,
    MODULE.user,
    MODULE.role,
    MODULE.settings,
    MODULE.netTest,
    MODULE.task,
  ],
} as const;

const OVERVIEW = [MODULE.store, PAGE.storeOverview] as const;

export const StoreEndpoints = {
  /** A page when pageNum or pageSize is given, otherwise the whole list: the reply is one or the other. */
  list: endpoint({
    method: 'GET',
    path: `${STORE_API}/list`,
    summary: 'List stores',
    summaryZh: '门店列表',
    description: 'Paged when pageNum or pageSize is given; otherwise the whole list inside the caller scope.',
    module: 'store',
    permissions: OVERVIEW,
    query: StoreListQuery,
    response: z.union([pagedResultSchema(StoreSchema), z.array(StoreSchema)]),
  }),
  listCompanys: endpoint({
    method: 'GET',
    path: `${STORE_API}/listCompanys`,
    summary: 'List companies',
    summaryZh: '企业列表',
    module: 'store',
    permissions: ORG_READ_CODES,
    query: CompanyListQuery,
    response: z.array(CompanySchema),
  }),
  listAreas: endpoint({
    method: 'GET',
    path: `${STORE_API}/listAreas`,
    summary: 'List areas',
    summaryZh: '区域列表',
    module: 'store',
    permissions: ORG_READ_CODES,
    query: AreaListQuery,
    response: z.array(AreaSchema),
  }),
  likeFindStoreByName: endpoint({
    method: 'GET',
    path: `${STORE_API}/likeFindStoreByName`,
    summary: 'Search stores by name',
    summaryZh: '按名称搜索门店',
    module: 'store',
    permissions: ORG_READ_CODES,
    query: StoreNameSearchQuery,
    response: z.array(StoreSchema),
  }),
  addStore: endpoint({
    method: 'PUT',
    path: STORE_API,
    summary: 'Add store',
    summaryZh: '新增门店',
    module: 'store',
    permissions: [...OVERVIEW, BUTTON.storeAdd],
    body: StoreCreateBody,
    response: StoreSchema,
  }),
  updateStore: endpoint({
    method: 'POST',
    path: STORE_API,
    summary: 'Update store',
    summaryZh: '修改门店',
    module: 'store',
    permissions: [...OVERVIEW, BUTTON.storeUpdate],
    body: StoreUpdateBody,
    response: StoreSchema,
  }),
  moveStore: endpoint({
    method: 'POST',
    path: `${STORE_API}/move`,
    summary: 'Move store',
    summaryZh: '门店搬迁',
    description: 'status 1 marks the store moved, 0 normal again.',
    module: 'store',
    permissions: [...OVERVIEW, BUTTON.storeMove],
    query: StoreMoveQuery,
    response: StoreSchema,
  }),
  deleteStore: endpoint({
    method: 'POST',
    path: `${STORE_API}/delete/:id`,
    summary: 'Delete store',
    summaryZh: '删除门店',
    description: 'Refused (409) while devices are registered at the store.',
    module: 'store',
    permissions: [...OVERVIEW, BUTTON.storeDelete],
    params: StoreIdParams,
    response: z.null(),
  }),
  downloadStoreTemplate: endpoint({
    method: 'GET',
    path: `${STORE_API}/importTemplate`,
    summary: 'Download the store import template',
    summaryZh: '下载门店导入模板',
    module: 'store',
    permissions: OVERVIEW,
    response: FILE_RESPONSE,
  }),
  importStores: endpoint({
    method: 'POST',
    path: `${STORE_API}/import`,
    summary: 'Import stores and their region tree',
    summaryZh: '导入门店及区域层级',
    module: 'store',
    permissions: [...OVERVIEW, BUTTON.storeAdd, BUTTON.storeUpdate],
    query: StoreImportQuery,
    bodyEncoding: 'multipart',
    response: StoreImportResultSchema,
    description:
      'multipart/form-data, field `file`: the template as .xlsx. Stores are matched by store number (added or updated); regions, provinces and cities named that the tree lacks are added (company-wide callers holding the level page only). dryRun=1 reports without writing; partial=1 writes the good rows.',
  }),
  exportStores: endpoint({
    method: 'GET',
    path: `${STORE_API}/export`,
    summary: 'Export the filtered stores as the import workbook',
    summaryZh: '导出门店（导入模板格式）',
    module: 'store',
    permissions: OVERVIEW,
    query: StoreListQuery.omit({ pageNum: true, pageSize: true }),
    response: FILE_RESPONSE,
  }),
};
