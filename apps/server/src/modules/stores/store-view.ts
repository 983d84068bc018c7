/** A store row as the console reads it (spec §3 Store). */
import { type Lang, type Store, StoreStatus } from '@storefleet/contracts';

import { formatDateTime } from '../../http/time';
import type { StoreRow } from './stores.repository';

/**
 * Maps a joined store row to the Store of the contract; statusShow is the Chinese label, as the console
 * shows. For an English reader (`lang` 'en') region, province and city read in their English names
 * where the company gave them.
 */
export function toStore(row: StoreRow, lang: Lang = 'zh'): Store {
  const named = (zh: string | null, en: string | null) => (lang === 'en' && en ? en : zh);
  const status = row.status === StoreStatus.MOVED ? StoreStatus.MOVED : StoreStatus.NORMAL;
  return {
    id: row.id,
    storeId: row.id,
    shopId: row.id,
    storeNo: row.store_no,
    storeName: row.store_name,
    addr: row.addr,
    areaCode: row.area_level === null ? null : String(row.area_level),
    areaName: named(row.area_name, row.area_ename),
    provinceName: named(row.province_name, row.province_ename),
    cityName: named(row.city_name, row.city_ename),
    companyId: row.company_id,
    companyName: row.company_name,
    createTime: formatDateTime(Number(row.created_at)),
    createrId: row.created_by_id,
    createrName: row.created_by_name,
    lastUpdateTime: formatDateTime(Number(row.updated_at)),
    lastUpdaterId: row.updated_by_id,
    lastUpdaterName: row.updated_by_name,
    status: row.status,
    statusShow: StoreStatus.labelOf(status, 'zh'),
    areaLevel: row.area_level,
    provinceLevel: row.province_level,
    cityLevel: row.city_level,
  };
}
