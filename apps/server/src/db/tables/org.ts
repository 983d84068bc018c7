/** Row types of the organisation tables: companies, their hierarchy levels, level labels and stores. */
import type { Generated } from 'kysely';

export interface CompaniesTable {
  id: Generated<number>;
  company_no: string;
  name: string;
  created_at: number;
  updated_at: number;
}

/** A node of a company's region → province → city hierarchy (`level` 1, 2, 3). */
export interface LevelConfigsTable {
  id: Generated<number>;
  company_id: number;
  pid: number | null;
  name: string;
  ename: string | null;
  level: number;
  created_by: string | null;
  created_at: number;
  updated_by: string | null;
  updated_at: number;
}

/** What a company calls each hierarchy level (e.g. 大区 / 省份 / 城市). */
export interface LevelLabelsTable {
  id: Generated<number>;
  company_id: number;
  level: number;
  label: string;
}

export interface StoresTable {
  id: Generated<number>;
  company_id: number;
  /** Unique within the company. */
  store_no: string;
  store_name: string;
  addr: string | null;
  area_code: string | null;
  /** level_configs ids of the store's region, province and city. */
  area_level: number | null;
  province_level: number | null;
  city_level: number | null;
  /** 0 normal, 1 moved. */
  status: number;
  created_by_id: number | null;
  created_by_name: string | null;
  created_at: number;
  updated_by_id: number | null;
  updated_by_name: string | null;
  updated_at: number;
}

export interface OrgTables {
  companies: CompaniesTable;
  level_configs: LevelConfigsTable;
  level_labels: LevelLabelsTable;
  stores: StoresTable;
}
