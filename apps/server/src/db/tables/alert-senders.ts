/** Row types of alert recipients ("alert senders", spec §3): who is told, how, about which stores. */
import type { Generated } from 'kysely';

/** One recipient of a company's alerts. */
export interface AlertSendersTable {
  id: Generated<number>;
  company_id: number;
  /** The company user this recipient is; null for an outside contact. */
  account_id: number | null;
  /** Display name of an outside contact (a user's recipient shows the user's name). */
  name: string | null;
  /** Own address; null: the user's (account_id) email. */
  email: string | null;
  /** Own number; null: the user's (account_id) cellphone. */
  phone: string | null;
  /** Bit set of send types: 1 << 0 SMS, 1 << 1 email, 1 << 2 phone call (SEND_TYPE numbers as bits). */
  send_types: number;
  /** Lowest ALERTPRIORITY level (1–5) it is told about: records with severity >= min_level. */
  min_level: Generated<number>;
  /** The language its messages are worded in: 'zh-CN' (default) or 'en-US'. */
  language: Generated<string>;
  created_at: number;
  updated_at: number;
  create_by: string | null;
  update_by: string | null;
}

/** A store a recipient covers. */
export interface AlertSenderStoresTable {
  sender_id: number;
  shop_id: number;
}

/** A level (region, province or city) a recipient covers: every store below it, now and later. */
export interface AlertSenderRegionsTable {
  sender_id: number;
  level_id: number;
  /** The level's (and sender's) company. */
  company_id: number;
}

export interface AlertSenderTables {
  alert_senders: AlertSendersTable;
  alert_sender_stores: AlertSenderStoresTable;
  alert_sender_regions: AlertSenderRegionsTable;
}
