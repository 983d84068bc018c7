/** The user list of both applications: filters, status, and add/edit/enable/disable behind buttons. */
import {
  BUTTON,
  type User,
  UserEndpoints,
  UserStatus,
  type UserStatusValue,
  UserType,
} from '@storefleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { api, moduleKey } from '../../api/call';
import { type FilterSpec, ListFilterForm, useListPage } from '../../list';
import { Access } from '../../permissions/Access';

const FILTERS = {
  name: 'text',
  userName: 'text',
  status: 'text',
  userType: 'text',
} as const satisfies FilterSpec;

const STATUS_COLOR: Record<UserStatusValue, string> = {
  ACTIVE: 'success',
  INACTIVE: 'default',
  DRAFT: 'processing',
  EXPIRED: 'error',
  REVIEW: 'warning',
};

export interface UserListPageProps {
  /** The admin application: platform users and customer admins, with their company. */
  admin?: boolean;
}

export function UserListPage({ admin = false }: UserListPageProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en-US' ? 'en' : 'zh';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useListPage({
    endpoint: UserEndpoints.listUsers,
    filters: FILTERS,
    rowKey: 'id',
  });
  const toggle = useMutation({
    // Disabling also ends the user's sessions.
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api(enabled ? UserEndpoints.enableUser : UserEndpoints.disableUser, { query: { id } }),
    onSuccess: async () => {
      message.success(t('user.saved'));
      await queryClient.invalidateQueries({ queryKey: moduleKey(UserEndpoints.listUsers) });
    },
  });
  const types = admin ? [0, 1, 2] : [1, 3];

  const columns = useMemo<TableColumnsType<User>>(
    () => [
      { key: 'userName', dataIndex: 'userName', title: t('user.column.userName') },
      { key: 'name', dataIndex: 'name', title: t('user.column.name') },
      {
        key: 'userType',
        dataIndex: 'userType',
        title: t('user.column.userType'),
        render: (type: User['userType']) => UserType.labelOf(type, lang),
      },
      ...(admin ? [{ key: 'companyName', dataIndex: 'companyName', title: t('user.column.company') }] : []),
      { key: 'roleName', dataIndex: 'roleName', title: t('user.column.role') },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('user.column.status'),
        render: (status: UserStatusValue) => (
          <Tag color={STATUS_COLOR[status]}>{UserStatus.labelOf(status, lang)}</Tag>
        ),
      },
      {
        key: 'updateDatetime',
        dataIndex: 'updateDatetime',
        title: t('user.column.updateDatetime'),
        width: 180,
      },
      {
        key: 'actions',
        title: t('user.column.actions'),
        width: 180,
        render: (_: unknown, row) => (
          <Space>
            <Access codes={[BUTTON.userUpdate]}>
              <Link
                to={`../update.html?id=${row.id}`}
                relative="path"
                data-testid={`user-edit-${row.userName}`}
              >
                {t('user.action.edit')}
              </Link>
            </Access>
            <Access codes={[BUTTON.userDisable]}>
              <Popconfirm
                title={t(row.status === 'ACTIVE' ? 'user.confirm.disable' : 'user.confirm.enable')}
                onConfirm={() => toggle.mutate({ id: row.id, enabled: row.status !== 'ACTIVE' })}
              >
                <Button
                  type="link"
                  size="small"
                  danger={row.status === 'ACTIVE'}
                  data-testid={`user-toggle-${row.userName}`}
                >
                  {t(row.status === 'ACTIVE' ? 'user.action.disable' : 'user.action.enable')}
                </Button>
              </Popconfirm>
            </Access>
          </Space>
        ),
      },
    ],
    [t, lang, admin, toggle],
  );

  return (
    <>
      <ListFilterForm list={list}>
        <Form.Item name="name" label={t('user.filter.name')}>
          <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="user-filter-name" />
        </Form.Item>
        <Form.Item name="userName" label={t('user.filter.userName')}>
          <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="user-filter-user-name" />
        </Form.Item>
        <Form.Item name="status" label={t('user.filter.status')}>
          <Select
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('common.pleaseSelect')}
            options={UserStatus.entries.map((e) => ({ value: e.value, label: e.label[lang] }))}
          />
        </Form.Item>
        <Form.Item name="userType" label={t('user.filter.userType')}>
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('common.pleaseSelect')}
            options={UserType.entries
              .filter((e) => types.includes(e.value))
              .map((e) => ({ value: String(e.value), label: e.label[lang] }))}
          />
        </Form.Item>
      </ListFilterForm>
      <Access codes={[BUTTON.userAdd]}>
        <div style={{ marginBottom: 16 }}>
          <Link to="../save.html" relative="path">
            <Button type="primary" data-testid="user-add">
              {t('user.action.add')}
            </Button>
          </Link>
        </div>
      </Access>
      <Table<User>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 1000 }}
        data-testid="user-table"
      />
    </>
  );
}
