/**
 * Row types of the shared dictionaries and the per-company settings: dictionary items (global), config
 * items (per company overrides of the monitoring settings), company logos and the logo uploads the
 * server issued.
 */
import type { Generated } from 'kysely';

/**
 * One entry of a global dictionary (device categories, product types, brands, models…); unique
 * (type, code). Seeded by migration; not per company.
 */
export interface DictionaryItemsTable {
  id: Generated<number>;
  /** 'CATEGORY_TYPE' large category, 'SUBCLASS_TYPE' small category, 'PRODUCT_TYPE', 'BRAND', 'MODEL'… */
  type: string;
  code: string;
  /** Chinese name. */
  name: string;
  name_en: string | null;
  /** Small category → the code of its large category. */
  parent_code: string | null;
  /** MODEL → the code of its BRAND. */
  relative_code: string | null;
  description: string | null;
  /** 1 in use, 0 retired (kept so stored codes still resolve to a name). */
  status: number;
  /** Free slot: small category and MODEL → the ProductType value they correspond to. */
  attribute1: string | null;
  sort: number;
}

/** A company's value for one config item code; codes without a row use the built-in default. */
export interface ConfigItemsTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  value: string;
  created_by: string | null;
  created_at: number;
  updated_by: string | null;
  updated_at: number;
}

/** The logo a company shows in its console header; at most one row per company. */
export interface CompanyLogosTable {
  id: Generated<number>;
  company_id: number;
  img_url: string;
  /** 1 shown, 0 hidden. */
  status: number;
  create_id: number | null;
  create_name: string | null;
  created_at: number;
  last_update_name: string | null;
  updated_at: number;
}

/** An image the server accepted at `log/upload`; only these names may become a company's imgUrl. */
export interface LogoUploadsTable {
  id: Generated<number>;
  /** Server-generated random file name under `<dataDir>/uploads/`. */
  file_name: string;
  /** The company of the uploader; null for platform users acting without a company. */
  company_id: number | null;
  content_type: string;
  size: number;
  width: number;
  height: number;
  uploaded_by: number | null;
  created_at: number;
}

export interface SettingsTables {
  dictionary_items: DictionaryItemsTable;
  config_items: ConfigItemsTable;
  company_logos: CompanyLogosTable;
  logo_uploads: LogoUploadsTable;
}
