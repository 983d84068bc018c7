/** Row types of the net tests run from the boxes (migration 20261125_0700). */
import type { Generated } from 'kysely';

export type NetTestRunStatus = 'running' | 'finished';
/** ok: every part measured · partial: some part failed · failed: the box could not test · offline · timeout. */
export type NetTestOutcome = 'ok' | 'partial' | 'failed' | 'offline' | 'timeout';

export interface NetTestRunsTable {
  id: Generated<number>;
  company_id: number;
  status: NetTestRunStatus;
  box_count: number;
  address_count: number;
  created_by: string | null;
  created_at: number;
  finished_at: number | null;
}

/** One box's figures against one address; the address name and host are kept as they were then. */
export interface NetTestResultsTable {
  id: Generated<number>;
  run_id: number;
  company_id: number;
  shop_id: number;
  box_id: number;
  address_id: number;
  address_name: string;
  ping_url: string;
  tested_at: number;
  outcome: NetTestOutcome;
  delay_ms: number | null;
  jitter_ms: number | null;
  loss_rate: number | null;
  download_bps: number | null;
  upload_bps: number | null;
  error_msg: string | null;
}

export interface NetTestRunTables {
  net_test_runs: NetTestRunsTable;
  net_test_results: NetTestResultsTable;
}
