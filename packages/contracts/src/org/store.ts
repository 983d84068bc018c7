/** Stores, companies and areas (spec §3 Store, Company, Area; §7 store/*). */
import { z } from 'zod';

import { intFromQuery, PageQuery, sortQuery } from '../paging';
import { commaList, idParam, optionalFilter } from '../query';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, 'is required');

/** Store status (spec §4): 0 normal, 1 moved. */
export const StoreStatusValue = intFromQuery.pipe(
  z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (normal) or 1 (moved)' }),
);

export const STORE_SORT_FIELDS = ['storeNo', 'storeName', 'createTime', 'lastUpdateTime'] as const;

/**
 * GET store/list. Paged when pageNum or pageSize is given, otherwise the whole list (inside the
 * caller's scope). areaCodes: level ids (any depth) comma-joined.
 */
export const StoreListQuery = z
  .object({
    pageNum: optionalFilter(PageQuery.shape.pageNum.unwrap()),
    pageSize: optionalFilter(PageQuery.shape.pageSize.unwrap()),
    areaCodes: commaList(intFromQuery.pipe(z.number().int().positive('must be level ids'))),
    companyId: optionalFilter(idParam),
    companyName: optionalFilter(text(100)),
    storeName: optionalFilter(text(100)),
    storeNo: optionalFilter(text(64)),
    areaLevel: optionalFilter(idParam),
    provinceLevel: optionalFilter(idParam),
    cityLevel: optionalFilter(idParam),
    shopId: optionalFilter(idParam),
    status: optionalFilter(StoreStatusValue),
  })
  .extend(sortQuery(STORE_SORT_FIELDS).shape);
export type StoreListQuery = z.infer<typeof StoreListQuery>;

/** One store as every store call returns it (spec §3 Store, plus provinceName and cityName for display). */
export const StoreSchema = z.object({
  id: z.number(),
  storeId: z.number(),
  shopId: z.number(),
  storeNo: z.string(),
  storeName: z.string(),
  addr: z.string().nullable(),
  /** The store's region (level 1 node) id as text: the Area code. */
  areaCode: z.string().nullable(),
  areaName: z.string().nullable(),
  provinceName: z.string().nullable(),
  cityName: z.string().nullable(),
  companyId: z.number(),
  companyName: z.string(),
  createTime: z.string(),
  createrId: z.number().nullable(),
  createrName: z.string().nullable(),
  lastUpdateTime: z.string(),
  lastUpdaterId: z.number().nullable(),
  lastUpdaterName: z.string().nullable(),
  status: z.number(),
  statusShow: z.string(),
  areaLevel: z.number().nullable(),
  provinceLevel: z.number().nullable(),
  cityLevel: z.number().nullable(),
});
export type Store = z.infer<typeof StoreSchema>;

/** PUT store (create). companyId and id are not taken: a store belongs to the caller's company. */
export const StoreCreateBody = z.object({
  storeNo: required(64),
  storeName: required(100),
  addr: optionalFilter(text(200)),
  areaLevel: idParam,
  provinceLevel: optionalFilter(idParam),
  cityLevel: optionalFilter(idParam),
});
export type StoreCreateBody = z.infer<typeof StoreCreateBody>;

/** POST store (update): the create body plus id. Status changes go through store/move. */
export const StoreUpdateBody = StoreCreateBody.extend({ id: idParam });
export type StoreUpdateBody = z.infer<typeof StoreUpdateBody>;

/** POST store/move?id=&status=: 0 back to normal, 1 moved. */
export const StoreMoveQuery = z.object({ id: idParam, status: StoreStatusValue });
export type StoreMoveQuery = z.infer<typeof StoreMoveQuery>;

/** POST store/delete/{id}. */
export const StoreIdParams = z.object({ id: idParam });
export type StoreIdParams = z.infer<typeof StoreIdParams>;

/** GET store/likeFindStoreByName?name=. */
export const StoreNameSearchQuery = z.object({
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100),
});
export type StoreNameSearchQuery = z.infer<typeof StoreNameSearchQuery>;

/** GET store/listCompanys. */
export const CompanyListQuery = z.object({
  companyId: optionalFilter(idParam),
  companyName: optionalFilter(text(100)),
});
export type CompanyListQuery = z.infer<typeof CompanyListQuery>;

/** Company (spec §3). */
export const CompanySchema = z.object({ id: z.number(), companyNo: z.string(), name: z.string() });
export type Company = z.infer<typeof CompanySchema>;

/** GET store/listAreas?companyId=: the regions (level 1 nodes) the caller sees. */
export const AreaListQuery = z.object({ companyId: optionalFilter(idParam) });
export type AreaListQuery = z.infer<typeof AreaListQuery>;

/** Area (spec §3): a region-level node; areaCode is its level id as text. */
export const AreaSchema = z.object({ areaCode: z.string(), areaName: z.string() });
export type Area = z.infer<typeof AreaSchema>;
