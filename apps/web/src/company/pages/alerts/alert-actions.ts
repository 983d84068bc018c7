/**
 * The alert overview's row actions (pure, unit-tested): details for everyone who sees the list;
 * acknowledge for holders of `alert:ack`; create task, on open records only, for holders of `task:add`;
 * close, on open records only, for holders of `alert:close`.
 * `RowActions` leaves out what the user's button codes do not allow.
 */
import { type AlertRecord, BUTTON } from '@storefleet/contracts';

import type { RowAction } from '@/shared/list/RowActions';

export interface AlertRowHandlers {
  detail: (row: AlertRecord) => void;
  acknowledge: (row: AlertRecord) => void;
  close: (row: AlertRecord) => Promise<unknown>;
}

export function alertRowActions(
  row: AlertRecord,
  t: (key: string) => string,
  on: AlertRowHandlers,
): RowAction[] {
  return [
    {
      key: 'detail',
      label: t('alerts.action.detail'),
      onClick: () => on.detail(row),
      testId: `alert-detail-${row.id}`,
    },
    {
      key: 'ack',
      label: t('alerts.action.acknowledge'),
      codes: [BUTTON.alertAck],
      onClick: () => on.acknowledge(row),
      testId: `alert-ack-${row.id}`,
    },
    {
      key: 'task',
      label: t('task.action.createFromAlert'),
      codes: [BUTTON.taskAdd],
      hidden: row.status !== 0,
      to: `/task/save.html?alertRecordId=${row.id}`,
      testId: `alert-task-${row.id}`,
    },
    {
      key: 'close',
      label: t('alerts.action.close'),
      codes: [BUTTON.alertClose],
      hidden: row.status !== 0,
      danger: true,
      confirm: t('alerts.confirm.close'),
      onClick: () => on.close(row),
      testId: `alert-close-${row.id}`,
    },
  ];
}
