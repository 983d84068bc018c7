/**
 * The task table of the list and stages pages: title (to the details), type, priority, stage with the
 * overdue flag, assignee, devices/stores, due and created times, and the stage actions the user may take
 * (task-actions.ts), each opening the stage-change dialog.
 */
import { BUTTON, type Task } from '@storefleet/contracts';
import { Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { fromHere } from '@/shared/form/return-to';
import { actionsColumn, type ListColumns, ListTable, type ListTableProps } from '@/shared/list';
import { usePermissions } from '@/shared/permissions/usePermissions';
import { useSession } from '@/shared/session/useSession';
import { AdvanceDialog, type AdvanceRequest } from './AdvanceDialog';
import { OverdueTag, PriorityTag, StageTag, TypeText } from './TaskTags';
import { taskActions } from './task-actions';

/** Names of a task's devices and stores, as one line. */
export function targetsText(task: Pick<Task, 'devices' | 'stores'>): string {
  return [...task.devices.map((d) => d.deviceName), ...task.stores.map((s) => s.storeName)].join(', ');
}

export function TaskTable({
  tableProps,
  testId,
}: {
  tableProps: Pick<ListTableProps<Task>, 'dataSource' | 'loading' | 'rowKey' | 'pagination' | 'onChange'>;
  testId: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const { buttonAuthorities } = usePermissions();
  const [request, setRequest] = useState<AdvanceRequest | null>(null);
  const actor = useMemo(
    () => ({
      accountId: session?.result.accountId ?? 0,
      userType: session?.result.userType ?? 0,
      buttons: buttonAuthorities,
    }),
    [session, buttonAuthorities],
  );

  const columns = useMemo<ListColumns<Task>>(
    () => [
      { key: 'id', dataIndex: 'id', title: t('task.column.id'), width: 70 },
      {
        key: 'title',
        title: t('task.column.title'),
        width: 220,
        render: (_: unknown, row) => (
          <Link
            to={`/task/detail.html?id=${row.id}`}
            state={fromHere(location)}
            data-testid={`task-title-${row.id}`}
          >
            <span data-cell>{row.title}</span>
          </Link>
        ),
      },
      {
        key: 'type',
        title: t('task.column.type'),
        width: 100,
        render: (_: unknown, row) => <TypeText type={row.type} />,
      },
      {
        key: 'priority',
        title: t('task.column.priority'),
        width: 90,
        render: (_: unknown, row) => <PriorityTag priority={row.priority} />,
      },
      {
        key: 'stage',
        title: t('task.column.stage'),
        width: 170,
        render: (_: unknown, row) => (
          <Space size={4}>
            <StageTag stage={row.stage} testId={`task-stage-${row.id}`} />
            <OverdueTag overdue={row.overdue} testId={`task-overdue-${row.id}`} />
          </Space>
        ),
      },
      {
        key: 'assignee',
        title: t('task.column.assignee'),
        width: 130,
        render: (_: unknown, row) => (
          <span data-testid={`task-assignee-${row.id}`}>{row.assigneeName ?? t('task.unassigned')}</span>
        ),
      },
      {
        key: 'targets',
        title: t('task.column.targets'),
        width: 220,
        render: (_: unknown, row) => (
          <Typography.Text ellipsis={{ tooltip: targetsText(row) }}>{targetsText(row)}</Typography.Text>
        ),
      },
      {
        key: 'dueTime',
        title: t('task.column.dueTime'),
        width: 170,
        render: (_: unknown, row) => row.dueTime ?? t('task.noDue'),
      },
      { key: 'createTime', dataIndex: 'createTime', title: t('task.column.createTime'), width: 170 },
      actionsColumn<Task>({
        title: t('task.column.actions'),
        width: 220,
        actions: (row) => [
          {
            key: 'edit',
            label: t('task.action.edit'),
            codes: [BUTTON.taskAdd],
            hidden: row.stage !== 'created' && row.stage !== 'dispatched',
            to: `/task/save.html?id=${row.id}`,
            testId: `task-edit-${row.id}`,
          },
          ...taskActions(row, actor).map((action) => ({
            key: action,
            label: t(`task.action.${action}`),
            danger: action === 'cancel',
            onClick: () => setRequest({ task: row, action }),
            testId: `task-${action}-${row.id}`,
          })),
        ],
      }),
    ],
    [t, location, actor],
  );

  return (
    <>
      <ListTable<Task>
        {...tableProps}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 1500 }}
        data-testid={testId}
      />
      <AdvanceDialog request={request} onDone={() => setRequest(null)} />
    </>
  );
}
