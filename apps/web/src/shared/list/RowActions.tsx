/**
 * The actions column of a list: links and buttons per row, each shown only to users holding its button
 * codes, destructive ones behind a confirmation. A refused action's notice is shown by the request
 * client; the rejection is handled here, so a conflict never becomes an uncaught promise.
 *
 *   columns: [..., actionsColumn<Store>({
 *     title: t('stores.column.actions'),
 *     actions: (row) => [
 *       { key: 'edit', label: t('stores.action.edit'), codes: [BUTTON.storeUpdate], to: `/stores/update.html?id=${row.id}` },
 *       { key: 'delete', label: t('stores.action.delete'), codes: [BUTTON.storeDelete], danger: true,
 *         confirm: t('stores.confirm.delete', { name: row.storeName }), onClick: () => remove.mutateAsync(row.id) },
 *     ],
 *   })]
 */
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { fromHere } from '../form/return-to';
import { usePermissions } from '../permissions/usePermissions';
import { ConfirmPop } from './ConfirmPop';
import type { ListColumn } from './ListTable';

export interface RowAction {
  key: string;
  label: ReactNode;
  /** Button codes the action needs (all of them); none: everyone who sees the list. */
  codes?: readonly string[];
  /** A page to open (the form returns here after save); or `onClick`. */
  to?: string;
  onClick?: () => unknown;
  /** Asks this question first (destructive actions). */
  confirm?: ReactNode;
  danger?: boolean;
  /** Leaves the action out for this row. */
  hidden?: boolean;
  testId?: string;
}

/** Runs an action, swallowing the rejection the request client has already reported. */
function run(action: RowAction): Promise<void> {
  return Promise.resolve()
    .then(() => action.onClick?.())
    .then(
      () => undefined,
      () => undefined,
    );
}

/** The actions of one row, filtered by the user's codes. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  const { canUse } = usePermissions();
  const location = useLocation();
  const shown = actions.filter((a) => !a.hidden && canUse(a.codes ?? []));
  if (shown.length === 0) return null;
  return (
    <Space size="small" wrap>
      {shown.map((action) => {
        if (action.to)
          return (
            <Link key={action.key} to={action.to} state={fromHere(location)} data-testid={action.testId}>
              {action.label}
            </Link>
          );
        const button = (
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.danger ?? false}
            data-testid={action.testId}
            onClick={action.confirm ? undefined : () => void run(action)}
          >
            {action.label}
          </Button>
        );
        return action.confirm ? (
          <ConfirmPop key={action.key} title={action.confirm} onConfirm={() => run(action)}>
            {button}
          </ConfirmPop>
        ) : (
          button
        );
      })}
    </Space>
  );
}

export interface ActionsColumnOptions<Row> {
  title: ReactNode;
  actions: (row: Row) => readonly RowAction[];
  width?: number;
  /** Keep the column in view when the table scrolls sideways (default true). */
  fixed?: boolean;
}

/** A table column of row actions (see the file comment). */
export function actionsColumn<Row>({
  title,
  actions,
  width = 160,
  fixed = true,
}: ActionsColumnOptions<Row>): ListColumn<Row> {
  return {
    key: 'actions',
    title,
    width,
    ...(fixed ? { fixed: 'right' as const } : {}),
    render: (_: unknown, row: Row) => <RowActions actions={actions(row)} />,
  };
}
