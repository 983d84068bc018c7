/** The user list of both applications: filters, status, and add/edit/enable/disable behind buttons. */
import {
  BUTTON,
  MfaEndpoints,
  type User,
  UserEndpoints,
  UserStatus,
  type UserStatusValue,
  UserType,
} from '@storefleet/contracts';
import { Button, Form, Select, Space, Tag } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { useCallMutation } from '@/shared/api/useCallMutation';
import { fromHere } from '@/shared/form';
import { useLang } from '@/shared/i18n/useLang';
import {
  actionsColumn,
  type FilterSpec,
  type ListColumns,
  ListFilterForm,
  ListTable,
  useListPage,
} from '@/shared/list';
import { TextFilter } from '@/shared/list/TextFilter';
import { Access } from '@/shared/permissions/Access';

/** Loaded when the policy is first opened. */
const MfaPolicyModal = lazy(() =>
  import('@/shared/mfa/MfaPolicyModal').then((m) => ({ default: m.MfaPolicyModal })),
);

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
  const { t } = useTranslation();
  const { lang } = useLang();
  const location = useLocation();
  const list = useListPage({
    endpoint: UserEndpoints.listUsers,
    filters: FILTERS,
    rowKey: 'id',
  });
  // Disabling also ends the user's sessions.
  const enable = useCallMutation(UserEndpoints.enableUser, {
    input: (id: number) => ({ query: { id } }),
    successMessage: t('user.saved'),
  });
  const disable = useCallMutation(UserEndpoints.disableUser, {
    input: (id: number) => ({ query: { id } }),
    successMessage: t('user.saved'),
  });
  // An admin's reset of a user who lost the phone (the operation log records it).
  const resetMfa = useCallMutation(MfaEndpoints.resetUserMfa, {
    input: (id: number) => ({ params: { id } }),
    successMessage: t('mfa.reset.done'),
  });
  const [policyOpen, setPolicyOpen] = useState(false);
  const types: readonly number[] = admin ? [0, 1, 2] : [1, 3];

  const columns = useMemo<ListColumns<User>>(
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
      actionsColumn<User>({
        title: t('user.column.actions'),
        width: 280,
        fixed: false,
        actions: (row) => {
          const active = row.status === 'ACTIVE';
          return [
            {
              key: 'edit',
              label: t('user.action.edit'),
              codes: [BUTTON.userUpdate],
              to: `/user/update.html?id=${row.id}`,
              testId: `user-edit-${row.userName}`,
            },
            {
              key: 'toggle',
              label: t(active ? 'user.action.disable' : 'user.action.enable'),
              codes: [BUTTON.userDisable],
              danger: active,
              confirm: t(active ? 'user.confirm.disable' : 'user.confirm.enable'),
              onClick: () => (active ? disable : enable).mutateAsync(row.id),
              testId: `user-toggle-${row.userName}`,
            },
            {
              key: 'mfa-reset',
              label: t('mfa.reset'),
              codes: [BUTTON.userMfaReset],
              confirm: t('mfa.reset.confirm', { name: row.name || row.userName }),
              onClick: () => resetMfa.mutateAsync(row.id),
              testId: `user-mfa-reset-${row.userName}`,
            },
          ];
        },
      }),
    ],
    [t, lang, admin, enable, disable, resetMfa],
  );

  return (
    <>
      <ListFilterForm list={list}>
        <TextFilter name="name" label={t('user.filter.name')} testId="user-filter-name" />
        <TextFilter name="userName" label={t('user.filter.userName')} testId="user-filter-user-name" />
        <Form.Item name="status" label={t('user.filter.status')}>
          <Select
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('common.pleaseSelect')}
            options={UserStatus.options(lang)}
          />
        </Form.Item>
        <Form.Item name="userType" label={t('user.filter.userType')}>
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('common.pleaseSelect')}
            options={UserType.options(lang)
              .filter((o) => types.includes(o.value))
              .map((o) => ({ value: String(o.value), label: o.label }))}
          />
        </Form.Item>
      </ListFilterForm>
      <Space style={{ marginBottom: 16 }}>
        <Access codes={[BUTTON.userAdd]}>
          <Link to="/user/save.html" state={fromHere(location)}>
            <Button type="primary" data-testid="user-add">
              {t('user.action.add')}
            </Button>
          </Link>
        </Access>
        <Access codes={[BUTTON.mfaPolicyUpdate]}>
          <Button onClick={() => setPolicyOpen(true)} data-testid="mfa-policy">
            {t('mfa.policy.button')}
          </Button>
        </Access>
      </Space>
      {policyOpen ? (
        <Suspense fallback={null}>
          <MfaPolicyModal admin={admin} onClose={() => setPolicyOpen(false)} />
        </Suspense>
      ) : null}
      <ListTable<User>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 1000 }}
        data-testid="user-table"
      />
    </>
  );
}
