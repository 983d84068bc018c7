/**
 * Inventory calls under /api/device-service/aibox/inventory (spec §7 "Inventory"), plus ours:
 * `add/network` (the way back from non-network), `update`, `image/upload` and `image/{name}`,
 * `exportInventoryDevices`. Reads need the inventory or the non-network page; writes need the device
 * module and their button. Design: docs/decisions/inventory.md.
 *
 * The literal paths (`downloadExcelTemplate`, `exportInventoryDevices`) and `GET {id}` share a depth:
 * the router prefers a static segment over a parameter whatever the order (and `{id}` must be a
 * positive id), so they never shadow each other; `image/{name}` and `batch/{ids}` are one level deeper.
 */
import { z } from 'zod';

import { endpoint, FILE_RESPONSE } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE, PAGE } from '../permissions';
import {
  InventoryListBody,
  InventoryRecordSchema,
  InventorySummaryBody,
  InventorySummarySchema,
} from './inventory';
import {
  InventoryBatchDeleteResultSchema,
  InventoryBatchParams,
  InventoryBindQuery,
  InventoryExportQuery,
  InventoryIdParams,
  InventoryIdsBody,
  InventoryImageParams,
  InventoryImageUploadResultSchema,
  InventoryImportParams,
  InventoryImportQuery,
  InventoryImportResultSchema,
  InventoryMatchQuery,
  InventoryMatchRowSchema,
  InventoryNetworkResultSchema,
  InventoryUnbindParams,
  InventoryUpdateBody,
} from './inventory-calls';

export const INVENTORY_API = '/api/device-service/aibox/inventory';
const READ = { any: [PAGE.deviceInventory, PAGE.deviceNonNetwork] } as const;
const write = <const B extends string>(button: B) => [MODULE.device, button] as const;

export const InventoryEndpoints = {
  listInventoryDevices: endpoint({
    method: 'POST',
    path: `${INVENTORY_API}/listInventoryDevices`,
    summary: 'List inventory records',
    summaryZh: '资产列表',
    module: 'inventory',
    permissions: READ,
    body: InventoryListBody,
    response: pagedResultSchema(InventoryRecordSchema),
    writes: false,
  }),
  listInventoryDevicesData: endpoint({
    method: 'POST',
    path: `${INVENTORY_API}/listInventoryDevices/data`,
    summary: 'Inventory summary for the same filters',
    summaryZh: '资产盘点汇总',
    module: 'inventory',
    permissions: READ,
    body: InventorySummaryBody,
    response: InventorySummarySchema,
    writes: false,
  }),
  get: endpoint({
    method: 'GET',
    path: `${INVENTORY_API}/:id`,
    summary: 'Show one inventory record',
    summaryZh: '资产详情',
    module: 'inventory',
    permissions: READ,
    params: InventoryIdParams,
    response: InventoryRecordSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${INVENTORY_API}/:id`,
    summary: 'Delete an inventory record',
    summaryZh: '删除资产',
    module: 'inventory',
    permissions: write(BUTTON.inventoryDelete),
    params: InventoryIdParams,
    response: z.null(),
  }),
  removeBatch: endpoint({
    method: 'DELETE',
    path: `${INVENTORY_API}/batch/:ids`,
    summary: 'Delete inventory records',
    summaryZh: '批量删除资产',
    module: 'inventory',
    permissions: write(BUTTON.inventoryDelete),
    params: InventoryBatchParams,
    response: InventoryBatchDeleteResultSchema,
  }),
  addNoNetwork: endpoint({
    method: 'POST',
    path: `${INVENTORY_API}/add/no/network`,
    summary: 'Mark inventory records as non-network assets',
    summaryZh: '标记为非联网资产',
    module: 'inventory',
    permissions: write(BUTTON.inventoryNoNetwork),
    body: InventoryIdsBody,
    response: InventoryNetworkResultSchema,
  }),
  addNetwork: endpoint({
    method: 'POST',
    path: `${INVENTORY_API}/add/network`,
    summary: 'Mark inventory records as networked again',
    summaryZh: '恢复为联网资产',
    module: 'inventory',
    permissions: write(BUTTON.inventoryNoNetwork),
    body: InventoryIdsBody,
    response: InventoryNetworkResultSchema,
  }),
  matchMacDevices: endpoint({
    method: 'POST',
    path: `${INVENTORY_API}/matchMacDevices`,
    summary: "A store's devices with a MAC address",
    summaryZh: '按 MAC 匹配门店设备',
    module: 'inventory',
    permissions: write(BUTTON.inventoryBind),
    query: InventoryMatchQuery,
    response: z.array(InventoryMatchRowSchema),
    writes: false,
  }),
  bindInventoryDevice: endpoint({
    method: 'POST',
    path: `${INVENTORY_API}/bindInventoryDevice`,
    summary: 'Bind an inventory record to a device',
    summaryZh: '资产绑定设备',
    module: 'inventory',
    permissions: write(BUTTON.inventoryBind),
    query: InventoryBindQuery,
    response: InventoryRecordSchema,
  }),
  unbind: endpoint({
    method: 'POST',
    path: `${INVENTORY_API}/unbind/:inventoryId`,
    summary: "Unbind an inventory record (stops the device's monitoring)",
    summaryZh: '资产解绑（设备停止监控）',
    module: 'inventory',
    permissions: write(BUTTON.inventoryUnbind),
    params: InventoryUnbindParams,
    response: InventoryRecordSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: `${INVENTORY_API}/update`,
    summary: 'Update an inventory record',
    summaryZh: '修改资产',
    module: 'inventory',
    permissions: write(BUTTON.inventoryUpdate),
    body: InventoryUpdateBody,
    response: InventoryRecordSchema,
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: `${INVENTORY_API}/image/upload`,
    summary: 'Upload an inventory image',
    summaryZh: '上传资产图片',
    module: 'inventory',
    permissions: write(BUTTON.inventoryUpdate),
    bodyEncoding: 'multipart',
    response: InventoryImageUploadResultSchema,
    description:
      'multipart/form-data, field `file`: PNG, JPEG or WebP by content, ≤ 2 MiB, ≤ 4096×4096 pixels.',
  }),
  image: endpoint({
    method: 'GET',
    path: `${INVENTORY_API}/image/:name`,
    summary: 'An inventory image',
    summaryZh: '资产图片',
    module: 'inventory',
    permissions: READ,
    params: InventoryImageParams,
    response: FILE_RESPONSE,
  }),
  importExcelInventory: endpoint({
    method: 'POST',
    path: `${INVENTORY_API}/importExcelInventory/:shopId`,
    summary: 'Import inventory records into a store',
    summaryZh: '导入门店资产',
    module: 'inventory',
    permissions: write(BUTTON.inventoryImport),
    params: InventoryImportParams,
    query: InventoryImportQuery,
    bodyEncoding: 'multipart',
    response: InventoryImportResultSchema,
    description:
      'multipart/form-data, field `file`: the template as .xlsx. dryRun=1 reports without writing; partial=1 writes the good rows.',
  }),
  downloadExcelTemplate: endpoint({
    method: 'GET',
    path: `${INVENTORY_API}/downloadExcelTemplate`,
    summary: 'Download the inventory import template',
    summaryZh: '下载资产导入模板',
    module: 'inventory',
    permissions: READ,
    response: FILE_RESPONSE,
  }),
  exportInventoryDevices: endpoint({
    method: 'GET',
    path: `${INVENTORY_API}/exportInventoryDevices`,
    summary: 'Export the filtered inventory list',
    summaryZh: '导出资产列表',
    module: 'inventory',
    permissions: write(BUTTON.inventoryExport),
    query: InventoryExportQuery,
    response: FILE_RESPONSE,
  }),
};
