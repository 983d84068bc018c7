/**
 * Every migration, in order. Append-only: never edit or reorder a migration that has shipped; add a
 * new file named `<yyyymmdd>_<nnnn>_<what>.ts` and list it last. Each migration is given the dialect
 * and branches only where SQLite and PostgreSQL differ (see ./columns.ts).
 */
import type { Kysely } from 'kysely';

import type { SecretKeyRing } from '../../secrets/secret-keys';
import type { DialectName } from '../database';
import * as core from './20251122_0001_core';
import * as devices from './20251122_0315_devices';
import * as monitoring from './20251122_0330_monitoring';
import * as netTestAddresses from './20251122_0340_net_test_addresses';
import * as settings from './20251122_0350_settings';
import * as alerts from './20251122_0400_alerts';
import * as agentSeqEpoch from './20261123_0100_agent_seq_epoch';
import * as deviceProblemRank from './20261123_0200_device_problem_rank';
import * as alertRuleScope from './20261124_0100_alert_rule_scope';
import * as alertSenders from './20261124_0200_alert_senders';
import * as alertDeliveries from './20261124_0300_alert_deliveries';
import * as alertRecordAck from './20261124_0400_alert_record_ack';
import * as inventoryRecords from './20261124_0500_inventory_records';
import * as recipientLanguage from './20261124_0550_recipient_language';
import * as alertActionCodes from './20261124_0600_alert_action_codes';
import * as deviceUsage from './20261125_0300_device_usage';
import * as offlineReasons from './20261125_0500_offline_reasons';
import * as netTestRuns from './20261125_0700_net_test_runs';
import * as tasks from './20261126_0100_tasks';
import * as taskCodes from './20261126_0110_task_codes';
import * as versions from './20261126_0200_versions';
import * as netTestRunBoxes from './20261126_0300_net_test_run_boxes';
import * as usageReportIndex from './20261126_0400_usage_report_index';
import * as jobLeases from './20261126_0600_job_leases';
import * as runRunners from './20261127_0100_run_runners';
import * as usageCityDays from './20261127_0200_usage_city_days';
import * as historyPartitions from './20261127_0300_history_partitions';
import * as usageLateDays from './20261128_0100_usage_late_days';
import * as sessionActivity from './20261207_0300_session_activity';
import * as mfa from './20261207_0400_mfa';
import * as secretsAtRest from './20261207_0500_secrets_at_rest';
import * as operationLogChain from './20261207_0700_operation_log_chain';

/** What a migration may need beyond the database: the secrets key ring (absent: no stored data to seal). */
export interface MigrationContext {
  secrets?: SecretKeyRing;
}

export interface StorefleetMigration {
  up(db: Kysely<unknown>, dialect: DialectName, context?: MigrationContext): Promise<void>;
}

export const MIGRATIONS: ReadonlyArray<readonly [name: string, migration: StorefleetMigration]> = [
  ['20251122_0001_core', core],
  ['20251122_0315_devices', devices],
  ['20251122_0330_monitoring', monitoring],
  ['20251122_0340_net_test_addresses', netTestAddresses],
  ['20251122_0350_settings', settings],
  ['20251122_0400_alerts', alerts],
  ['20261123_0100_agent_seq_epoch', agentSeqEpoch],
  ['20261123_0200_device_problem_rank', deviceProblemRank],
  ['20261124_0100_alert_rule_scope', alertRuleScope],
  ['20261124_0200_alert_senders', alertSenders],
  ['20261124_0300_alert_deliveries', alertDeliveries],
  ['20261124_0400_alert_record_ack', alertRecordAck],
  ['20261124_0500_inventory_records', inventoryRecords],
  ['20261124_0550_recipient_language', recipientLanguage],
  ['20261124_0600_alert_action_codes', alertActionCodes],
  ['20261125_0300_device_usage', deviceUsage],
  ['20261125_0500_offline_reasons', offlineReasons],
  ['20261125_0700_net_test_runs', netTestRuns],
  ['20261126_0100_tasks', tasks],
  ['20261126_0110_task_codes', taskCodes],
  ['20261126_0200_versions', versions],
  ['20261126_0300_net_test_run_boxes', netTestRunBoxes],
  ['20261126_0400_usage_report_index', usageReportIndex],
  ['20261126_0600_job_leases', jobLeases],
  ['20261127_0100_run_runners', runRunners],
  ['20261127_0200_usage_city_days', usageCityDays],
  ['20261127_0300_history_partitions', historyPartitions],
  ['20261128_0100_usage_late_days', usageLateDays],
  ['20261207_0300_session_activity', sessionActivity],
  ['20261207_0400_mfa', mfa],
  ['20261207_0500_secrets_at_rest', secretsAtRest],
  ['20261207_0700_operation_log_chain', operationLogChain],
];
