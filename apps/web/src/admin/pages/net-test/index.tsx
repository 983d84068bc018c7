/**
 * Net-test addresses (admin application): the hosts a store's box will probe in a net test. Stored and
 * validated here; nothing probes them until the net-test feature.
 */
import {
  BUTTON,
  type NetTestAddress,
  NetTestAddressEndpoints,
  type NetTestAddressSaveBody,
  StoreEndpoints,
} from '@storefleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, apiQuery, moduleKey } from '../../../shared/api/call';
import { Access } from '../../../shared/permissions/Access';
import { AddressModal } from './AddressModal';

export default function NetTestAddressPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<NetTestAddress | null | undefined>(undefined);
  const addresses = useQuery(apiQuery(NetTestAddressEndpoints.listAddress));
  const companies = useQuery(apiQuery(StoreEndpoints.listCompanys));
  const changed = async () => {
    message.success(t('netTest.saved'));
    await queryClient.invalidateQueries({ queryKey: moduleKey(NetTestAddressEndpoints.listAddress) });
  };
  const save = useMutation({
    mutationFn: (body: NetTestAddressSaveBody) => api(NetTestAddressEndpoints.addOrUpdateAddress, { body }),
    onSuccess: async () => {
      setEditing(undefined);
      await changed();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(NetTestAddressEndpoints.deleteAddress, { params: { id } }),
    onSuccess: changed,
  });

  const columns = useMemo<TableColumnsType<NetTestAddress>>(() => {
    const companyName = (id: number | null) =>
      id === null
        ? t('netTest.allCompanies')
        : (companies.data?.find((c) => c.id === id)?.name ?? String(id));
    return [
      { key: 'pingUrlName', dataIndex: 'pingUrlName', title: t('netTest.column.pingUrlName') },
      {
        key: 'pingUrl',
        dataIndex: 'pingUrl',
        title: t('netTest.column.pingUrl'),
        render: (host: string) => <Typography.Text code>{host}</Typography.Text>,
      },
      { key: 'companyId', dataIndex: 'companyId', title: t('netTest.column.company'), render: companyName },
      { key: 'uploadUrl', dataIndex: 'uploadUrl', title: t('netTest.column.uploadUrl'), ellipsis: true },
      {
        key: 'downloadUrl',
        dataIndex: 'downloadUrl',
        title: t('netTest.column.downloadUrl'),
        ellipsis: true,
      },
      { key: 'updateTime', dataIndex: 'updateTime', title: t('netTest.column.updateTime'), width: 180 },
      {
        key: 'actions',
        title: t('netTest.column.actions'),
        width: 160,
        render: (_: unknown, row) => (
          <Access codes={[BUTTON.netTestAddressEdit]}>
            <Space size="small">
              <Button
                type="link"
                size="small"
                onClick={() => setEditing(row)}
                data-testid={`net-test-edit-${row.id}`}
              >
                {t('netTest.action.edit')}
              </Button>
              <Popconfirm
                title={t('netTest.confirm.delete', { name: row.pingUrlName })}
                onConfirm={() => remove.mutateAsync(row.id)}
              >
                <Button type="link" size="small" danger data-testid={`net-test-delete-${row.id}`}>
                  {t('netTest.action.delete')}
                </Button>
              </Popconfirm>
            </Space>
          </Access>
        ),
      },
    ];
  }, [t, companies.data, remove]);

  return (
    <>
      <Access codes={[BUTTON.netTestAddressEdit]}>
        <div style={{ marginBottom: 16 }}>
          <Button type="primary" onClick={() => setEditing(null)} data-testid="net-test-add">
            {t('netTest.action.add')}
          </Button>
        </div>
      </Access>
      <Table<NetTestAddress>
        rowKey="id"
        columns={columns}
        dataSource={addresses.data ?? []}
        loading={addresses.isFetching}
        size="middle"
        pagination={false}
        data-testid="net-test-address-table"
      />
      <AddressModal
        open={editing !== undefined}
        address={editing ?? null}
        saving={save.isPending}
        onCancel={() => setEditing(undefined)}
        onSubmit={(body) => save.mutateAsync(body)}
      />
    </>
  );
}
