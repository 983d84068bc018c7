/** The role list of both applications: name filter, holders count, add/edit/delete behind buttons. */
import { BUTTON, type Role, RoleEndpoints } from '@storefleet/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useCallMutation } from '@/shared/api/useCallMutation';
import {
  actionsColumn,
  type FilterSpec,
  type ListColumns,
  ListFilterForm,
  ListTable,
  useListPage,
} from '@/shared/list';
import { ListAddButton } from '@/shared/list/ListAddButton';
import { TextFilter } from '@/shared/list/TextFilter';

const FILTERS = { name: 'text' } as const satisfies FilterSpec;

export function RoleListPage() {
  const { t } = useTranslation();
  const list = useListPage({
    endpoint: RoleEndpoints.listRoles,
    filters: FILTERS,
    rowKey: 'id',
  });
  const remove = useCallMutation(RoleEndpoints.deleteRole, {
    input: (id: number) => ({ params: { id } }),
    successMessage: t('role.deleted'),
  });

  const columns = useMemo<ListColumns<Role>>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('role.column.name') },
      { key: 'description', dataIndex: 'description', title: t('role.column.description'), ellipsis: true },
      { key: 'userCount', dataIndex: 'userCount', title: t('role.column.userCount'), width: 110 },
      {
        key: 'updateDatetime',
        dataIndex: 'updateDatetime',
        title: t('role.column.updateDatetime'),
        width: 180,
      },
      actionsColumn<Role>({
        title: t('role.column.actions'),
        fixed: false,
        actions: (row) => [
          {
            key: 'edit',
            label: t('role.action.edit'),
            codes: [BUTTON.roleUpdate],
            to: `/role/update.html?id=${row.id}`,
            testId: `role-edit-${row.id}`,
          },
          {
            key: 'delete',
            label: t('role.action.delete'),
            codes: [BUTTON.roleDelete],
            danger: true,
            confirm: t('role.confirm.delete'),
            onClick: () => remove.mutateAsync(row.id),
            testId: `role-delete-${row.id}`,
          },
        ],
      }),
    ],
    [t, remove],
  );

  return (
    <>
      <ListFilterForm list={list}>
        <TextFilter name="name" label={t('role.filter.name')} testId="role-filter-name" />
      </ListFilterForm>
      <ListAddButton
        code={BUTTON.roleAdd}
        to="/role/save.html"
        label={t('role.action.add')}
        testId="role-add"
      />
      <ListTable<Role> {...list.tableProps} columns={columns} size="middle" data-testid="role-table" />
    </>
  );
}
