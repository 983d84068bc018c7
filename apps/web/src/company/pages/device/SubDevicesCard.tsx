import { type Device, DeviceEndpoints } from '@storefleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { apiQuery } from '@/shared/api/call';
import { DeviceStatusBadge, devicePage, TextValue } from '@/shared/device/device-columns';
import { type ListColumns, ListTable } from '@/shared/list';

const PAGE_SIZE = 10;

/** The devices behind a store box (listSubDevices) with their state; each opens its details. */
export function SubDevicesCard({ boxId }: { boxId: number }) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const page = useQuery({
    ...apiQuery(DeviceEndpoints.listSubDevices, { query: { parentId: boxId, pageNum, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const columns = useMemo<ListColumns<Device>>(
    () => [
      {
        key: 'deviceName',
        title: t('device.field.deviceName'),
        render: (_: unknown, row) => <Link to={devicePage.details(row.deviceId)}>{row.deviceName}</Link>,
      },
      {
        key: 'onlineStatus',
        title: t('device.field.onlineStatus'),
        width: 120,
        render: (_: unknown, row) => <DeviceStatusBadge device={row} t={t} />,
      },
      {
        key: 'intranetIp',
        title: t('device.field.intranetIp'),
        width: 150,
        render: (_: unknown, row) => <TextValue value={row.intranetIp} />,
      },
      {
        key: 'macAddress',
        title: t('device.field.macAddress'),
        width: 170,
        render: (_: unknown, row) => <TextValue value={row.macAddress} />,
      },
      {
        key: 'deviceOnlineTime',
        title: t('device.field.deviceOnlineTime'),
        width: 170,
        render: (_: unknown, row) => <TextValue value={row.deviceOnlineTime} />,
      },
    ],
    [t],
  );
  return (
    <Card
      title={t('device.details.subDevices', { count: page.data?.total ?? 0 })}
      size="small"
      data-testid="device-sub-devices"
    >
      <ListTable<Device>
        rowKey="deviceId"
        size="small"
        loading={page.isFetching && !page.data}
        dataSource={page.data?.list ?? []}
        columns={columns}
        locale={{ emptyText: t('device.details.noSubDevices') }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: page.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        onRow={(row) => ({ 'data-testid': `sub-device-${row.deviceId}` }) as HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
