/**
 * Net test (admin application): the platform's test runs (started from new.html: a company's boxes
 * against the addresses offered to every company; PlatformRuns.tsx) and the net-test addresses, the hosts
 * and URLs a store's box probes in a net test.
 */
import {
  BUTTON,
  type NetTestAddress,
  NetTestAddressEndpoints,
  type NetTestAddressSaveBody,
  StoreEndpoints,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { apiQuery } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { actionsColumn, type ListColumns, ListTable } from '@/shared/list';
import { Access } from '@/shared/permissions/Access';
import { AddressModal } from './AddressModal';
import { PlatformRuns } from './PlatformRuns';

/** The tab shown is in the URL (`?tab=runs`; addresses by default), so new.html can come back to the runs. */
export default function NetTestPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  return (
    <Tabs
      activeKey={search.get('tab') === 'runs' ? 'runs' : 'addresses'}
      onChange={(tab) => setSearch({ tab }, { replace: true })}
      items={[
        { key: 'addresses', label: t('netTestRuns.tab.addresses'), children: <NetTestAddresses /> },
        { key: 'runs', label: t('netTestRuns.tab.runs'), children: <PlatformRuns /> },
      ]}
    />
  );
}

function NetTestAddresses() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<NetTestAddress | null | undefined>(undefined);
  const addresses = useQuery(apiQuery(NetTestAddressEndpoints.listAddress));
  const companies = useQuery(apiQuery(StoreEndpoints.listCompanys));
  const save = useCallMutation(NetTestAddressEndpoints.addOrUpdateAddress, {
    input: (body: NetTestAddressSaveBody) => ({ body }),
    successMessage: t('netTest.saved'),
  });
  const remove = useCallMutation(NetTestAddressEndpoints.deleteAddress, {
    input: (id: number) => ({ params: { id } }),
    successMessage: t('netTest.saved'),
  });

  const columns = useMemo<ListColumns<NetTestAddress>>(() => {
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
      actionsColumn<NetTestAddress>({
        title: t('netTest.column.actions'),
        fixed: false,
        actions: (row) => [
          {
            key: 'edit',
            label: t('netTest.action.edit'),
            codes: [BUTTON.netTestAddressEdit],
            onClick: () => setEditing(row),
            testId: `net-test-edit-${row.id}`,
          },
          {
            key: 'delete',
            label: t('netTest.action.delete'),
            codes: [BUTTON.netTestAddressEdit],
            danger: true,
            confirm: t('netTest.confirm.delete', { name: row.pingUrlName }),
            onClick: () => remove.mutateAsync(row.id),
            testId: `net-test-delete-${row.id}`,
          },
        ],
      }),
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
      <ListTable<NetTestAddress>
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
        submitting={save.isPending}
        onCancel={() => setEditing(undefined)}
        onSubmit={async (body) => {
          await save.mutateAsync(body);
          setEditing(undefined);
        }}
      />
    </>
  );
}
