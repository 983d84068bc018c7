/**
 * What a monitoring transaction (an ingest batch, a chunk of the offline sweep) decided, handed out
 * only after it commits: the status changes to publish on the status bus, the alert records it
 * opened and recovered (what notifications will read), and its late transitions (status changes on a
 * day already over: ingest/late-transitions.ts). A batch that rolls back announces nothing.
 */
import { alertEventsOf } from './alerting/alert-bus';
import type { AlertOutcome, OpenedAlert, RecoveredAlert } from './alerting/alerting';
import type { DeviceStatusBus, DeviceStatusChange } from './ingest/status-bus';

export interface AfterCommit {
  statusChanges: DeviceStatusChange[];
  alertsOpened: OpenedAlert[];
  alertsRecovered: RecoveredAlert[];
  /** The status changes stamped on a day already over (ingest only), handed to `statusBus.late`. */
  lateTransitions: DeviceStatusChange[];
}

/** The result of a transaction: its status changes, its alert outcome and its late transitions. */
export function afterCommit(
  statusChanges: DeviceStatusChange[],
  alerts: AlertOutcome,
  lateTransitions: DeviceStatusChange[] = [],
): AfterCommit {
  return { statusChanges, alertsOpened: alerts.opened, alertsRecovered: alerts.recovered, lateTransitions };
}

/** Appends `more` to `into` (results of several transactions, e.g. the sweep's chunks). */
export function addAfterCommit(into: AfterCommit, more: AfterCommit): void {
  into.statusChanges.push(...more.statusChanges);
  into.alertsOpened.push(...more.alertsOpened);
  into.alertsRecovered.push(...more.alertsRecovered);
  into.lateTransitions.push(...more.lateTransitions);
}

/** Announces a committed result in this process: its status changes and alert changes on the bus. */
export function publishAfterCommit(statusBus: DeviceStatusBus, result: AfterCommit): void {
  if (result.statusChanges.length > 0) statusBus.publish(result.statusChanges);
  if (result.alertsOpened.length > 0 || result.alertsRecovered.length > 0)
    statusBus.alerts.publish(alertEventsOf(result.alertsOpened, result.alertsRecovered));
}
