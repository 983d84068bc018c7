/** Row types of the net tests run from the boxes (migrations 20261125_0700, 20261126_0300). */
import type { Generated } from 'kysely';

/** interrupted: the server stopped while the run was going (marked on the next start-up). */
export type NetTestRunStatus = 'running' | 'finished' | 'interrupted';
/** Which console started the run. */
export type NetTestRunOrigin = 'company' | 'platform';
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
  started_from: Generated<NetTestRunOrigin>;
  /** The server node carrying the run out (`server_nodes.node`); null for runs from before migration 20261127_0100. */
  runner_node: string | null;
}

/** A box a run reaches (and its store), kept when the run starts. */
export interface NetTestRunBoxesTable {
  id: Generated<number>;
  run_id: number;
  box_id: number;
  shop_id: number;
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
  net_test_run_boxes: NetTestRunBoxesTable;
}
