/** The role list of both applications: name filter, holders count, add/edit/delete behind buttons. */
import { BUTTON, type Role, RoleEndpoints } from '@storefleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { api, moduleKey } from '../../api/call';
import { type FilterSpec, ListFilterForm, useListPage } from '../../list';
import { Access } from '../../permissions/Access';

const FILTERS = { name: 'text' } as const satisfies FilterSpec;

export function RoleListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useListPage({
    endpoint: RoleEndpoints.listRoles,
    filters: FILTERS,
    rowKey: 'id',
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(RoleEndpoints.deleteRole, { params: { id } }),
    onSuccess: async () => {
      message.success(t('role.deleted'));
      await queryClient.invalidateQueries({ queryKey: moduleKey(RoleEndpoints.listRoles) });
    },
  });

  const columns = useMemo<TableColumnsType<Role>>(
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
      {
        key: 'actions',
        title: t('role.column.actions'),
        width: 160,
        render: (_: unknown, row) => (
          <Space>
            <Access codes={[BUTTON.roleUpdate]}>
              <Link to={`../update.html?id=${row.id}`} relative="path" data-testid={`role-edit-${row.id}`}>
                {t('role.action.edit')}
              </Link>
            </Access>
            <Access codes={[BUTTON.roleDelete]}>
              <Popconfirm title={t('role.confirm.delete')} onConfirm={() => remove.mutate(row.id)}>
                <Button type="link" size="small" danger data-testid={`role-delete-${row.id}`}>
                  {t('role.action.delete')}
                </Button>
              </Popconfirm>
            </Access>
          </Space>
        ),
      },
    ],
    [t, remove],
  );

  return (
    <>
      <ListFilterForm list={list}>
        <Form.Item name="name" label={t('role.filter.name')}>
          <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="role-filter-name" />
        </Form.Item>
      </ListFilterForm>
      <Access codes={[BUTTON.roleAdd]}>
        <div style={{ marginBottom: 16 }}>
          <Link to="../save.html" relative="path">
            <Button type="primary" data-testid="role-add">
              {t('role.action.add')}
            </Button>
          </Link>
        </div>
      </Access>
      <Table<Role> {...list.tableProps} columns={columns} size="middle" data-testid="role-table" />
    </>
  );
}
