/** Row types of box software versions and upgrade runs (migration 20261126_0200). */
import type { Generated } from 'kysely';

/** A version package; the file is `<dataDir>/versions/<file_name>`. Platform-wide (no company). */
export interface AgentVersionsTable {
  id: Generated<number>;
  version_no: string;
  notes: string;
  file_name: string;
  size: number;
  sha256: string;
  /** 1 for the current version (one at most), else 0. */
  is_current: number;
  created_by: string | null;
  created_at: number;
}

export type UpgradeRunStatus = 'running' | 'finished' | 'halted' | 'interrupted';
export type UpgradeBoxState = 'pending' | 'downloading' | 'installed' | 'failed';

export interface UpgradeRunsTable {
  id: Generated<number>;
  company_id: number;
  version_id: number;
  status: UpgradeRunStatus;
  wave_size: number;
  /** Percent of a wave that may fail before the run halts. */
  failure_threshold: number;
  current_wave: number;
  wave_count: number;
  halt_reason: string | null;
  created_by: string | null;
  created_at: number;
  finished_at: number | null;
  /** The server node carrying the run out (`server_nodes.node`); null for runs from before migration 20261127_0100. */
  runner_node: string | null;
}

/** One box of a run: its wave and state; `reason` when it failed, as the agent or the server said. */
export interface UpgradeRunBoxesTable {
  id: Generated<number>;
  run_id: number;
  company_id: number;
  shop_id: number;
  box_id: number;
  wave: number;
  state: UpgradeBoxState;
  reason: string | null;
  reported_version: string | null;
  updated_at: number;
}

export interface VersionTables {
  agent_versions: AgentVersionsTable;
  upgrade_runs: UpgradeRunsTable;
  upgrade_run_boxes: UpgradeRunBoxesTable;
}
