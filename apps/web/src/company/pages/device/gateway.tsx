import { BUTTON, type Device, DeviceEndpoints as E } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Switch, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { apiQuery, endpointKey } from '../../../shared/api/call';
import { useCallMutation } from '../../../shared/api/useCallMutation';
import { useListPage } from '../../../shared/list';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { DeviceFilterForm } from './DeviceFilterForm';
import { DeviceStatusBadge, devicePage } from './device-columns';
import {
  DEVICE_DEFAULT_SORT,
  DEVICE_FILTERS,
  DEVICE_LIST_SORT_FIELDS,
  type DeviceListParams,
  deviceCountQuery,
  deviceListQuery,
} from './device-query';
import { GatewayKeyCell } from './GatewayKeyCell';
import { StatusCounts } from './StatusCounts';
import { useLiveDevices } from './useLiveDevices';

/** queryType 1 = boxes (the reading Storefleet chose, see DeviceQueryType). */
const SCOPE = { queryType: 1 } as const;
const toQuery = (params: DeviceListParams) => deviceListQuery(params, SCOPE);

function PreinstallSwitch({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { canUse } = usePermissions();
  const mutation = useCallMutation(E.isPreinstallation, {
    input: (on: boolean) => ({ body: { deviceId: device.deviceId, status: on ? 1 : 0 } }),
    successMessage: t('device.gateway.preinstallSaved'),
  });
  return (
    <Switch
      size="small"
      checked={device.isPreinstallation === 1}
      disabled={!canUse([BUTTON.gatewayPreinstall])}
      loading={mutation.isPending}
      onChange={(on) => mutation.mutate(on)}
      data-testid={`gateway-preinstall-${device.deviceId}`}
    />
  );
}

/** /device/gateway.html: the store boxes, their counts, pre-install flag and security key. */
export default function GatewayPage() {
  const { t } = useTranslation();
  const list = useListPage({
    endpoint: E.listDevices,
    filters: DEVICE_FILTERS,
    rowKey: 'deviceId',
    sortFields: DEVICE_LIST_SORT_FIELDS,
    defaultSort: DEVICE_DEFAULT_SORT,
    toQuery,
  });
  const countQuery = useMemo(() => deviceCountQuery(list.params, SCOPE), [list.params]);
  const counts = useQuery(apiQuery(E.getGatewayStatus, { query: countQuery }));
  useLiveDevices(endpointKey(E.listDevices), endpointKey(E.getGatewayStatus));

  const { sortOrder } = list;
  const columns = useMemo<TableColumnsType<Device>>(() => {
    const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) });
    return [
      { ...sortable('shopName'), dataIndex: 'shopName', title: t('device.field.shopName'), width: 160 },
      {
        ...sortable('deviceName'),
        dataIndex: 'deviceName',
        title: t('device.field.deviceName'),
        width: 180,
        render: (name: string, row) => <Link to={devicePage.details(row.deviceId)}>{name}</Link>,
      },
      { key: 'hostid', dataIndex: 'hostid', title: t('device.field.hostid'), width: 150 },
      { ...sortable('intranetIp'), dataIndex: 'intranetIp', title: t('device.field.intranetIp'), width: 140 },
      { ...sortable('macAddress'), dataIndex: 'macAddress', title: t('device.field.macAddress'), width: 160 },
      {
        ...sortable('deviceOnlineStatus'),
        title: t('device.field.onlineStatus'),
        width: 100,
        render: (_: unknown, row) => <DeviceStatusBadge device={row} t={t} />,
      },
      {
        key: 'isPreinstallation',
        title: t('device.field.isPreinstallation'),
        width: 110,
        render: (_: unknown, row) => <PreinstallSwitch device={row} />,
      },
      {
        key: 'securityKey',
        title: t('device.field.securityKey'),
        width: 330,
        render: (_: unknown, row) => <GatewayKeyCell device={row} />,
      },
      {
        ...sortable('deviceOnlineTime'),
        dataIndex: 'deviceOnlineTime',
        title: t('device.field.deviceOnlineTime'),
        width: 170,
        render: (time: string | null) => time ?? '-',
      },
    ];
  }, [t, sortOrder]);

  return (
    <div data-testid="device-gateway">
      <StatusCounts
        loading={counts.isFetching}
        items={[
          { key: 'preinstalled', labelKey: 'device.count.preinstalled', value: counts.data?.isPreNum },
          { key: 'online', labelKey: 'device.count.online', value: counts.data?.onlineNum, color: '#52c41a' },
          {
            key: 'offline',
            labelKey: 'device.count.offline',
            value: counts.data?.offlineNum,
            color: '#8c8c8c',
          },
        ]}
      />
      <DeviceFilterForm list={list} />
      <Table<Device>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 1500 }}
        data-testid="device-gateway-table"
      />
    </div>
  );
}
