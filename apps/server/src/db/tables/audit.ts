/** Row type of the operation log: one row per /api call. */
import type { Generated } from 'kysely';

export interface OperationLogsTable {
  id: Generated<number>;
  /** The company the caller acted in; null for platform users and anonymous calls. */
  company_id: number | null;
  api_name: string;
  class_method: string;
  /** Query and body as JSON, secrets masked, truncated. */
  req_data: string;
  req_url: string;
  /** HTTP status of the reply. */
  status: number;
  error_msg: string | null;
  ip_address: string;
  user_id: number | null;
  user_name: string | null;
  module_name: string;
  operation_time: number;
  /** The hash of the entry before it (the genesis hash for the first); see modules/audit/operation-log-chain.ts. */
  prev_hash: string | null;
  /** SHA-256 over its fields and prev_hash. Null only when written around the writer. */
  hash: string | null;
}

/** One row (id 1): the newest entry's hash. Appends lock it, so the chain stays one line across nodes. */
export interface OperationLogHeadTable {
  id: number;
  last_hash: string;
  updated_at: number;
}

export interface AuditTables {
  operation_logs: OperationLogsTable;
  operation_log_head: OperationLogHeadTable;
}
