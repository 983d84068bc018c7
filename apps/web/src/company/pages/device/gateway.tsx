import { BUTTON, type Device, DeviceEndpoints as E } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Switch, theme } from 'antd';
import { type HTMLAttributes, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { apiQuery, endpointKey } from '../../../shared/api/call';
import { useCallMutation } from '../../../shared/api/useCallMutation';
import { DeviceFilterForm } from '../../../shared/device/DeviceFilterForm';
import { DeviceStatusBadge, devicePage } from '../../../shared/device/device-columns';
import {
  DEVICE_FILTERS,
  DEVICE_LIST_SORT_FIELDS,
  type DeviceListParams,
  deviceCountQuery,
  deviceListQuery,
} from '../../../shared/device/device-query';
import { StatusCounts } from '../../../shared/device-status/StatusCounts';
import { gatewayCountCards } from '../../../shared/device-status/status-cards';
import { type ListColumns, ListTable, useListPage } from '../../../shared/list';
import { useLiveDevices } from '../../../shared/live/useLiveDevices';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { GatewayKeyCell } from './GatewayKeyCell';

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
  const { token } = theme.useToken();
  // No sort chosen: the server lists problems first (offline boxes on top).
  const list = useListPage({
    endpoint: E.listDevices,
    filters: DEVICE_FILTERS,
    rowKey: 'deviceId',
    sortFields: DEVICE_LIST_SORT_FIELDS,
    toQuery,
  });
  // The cards count over the list's filters except the online status, which the cards themselves set.
  const countQuery = useMemo(
    () => deviceCountQuery({ ...list.params, onlineStatus: undefined }, SCOPE),
    [list.params],
  );
  const counts = useQuery(apiQuery(E.getGatewayStatus, { query: countQuery }));
  const flashing = useLiveDevices(endpointKey(E.listDevices), endpointKey(E.getGatewayStatus));
  const { filters, setFilters } = list;

  const { sortOrder } = list;
  const columns = useMemo<ListColumns<Device>>(() => {
    const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) });
    const ellipsis = { ellipsis: { showTitle: true } } as const;
    // IP, MAC and last online come right after the name and state, so they fit a 1440 px screen.
    return [
      {
        ...sortable('deviceName'),
        ...ellipsis,
        dataIndex: 'deviceName',
        title: t('device.field.deviceName'),
        width: 150,
        render: (name: string, row) => <Link to={devicePage.details(row.deviceId)}>{name}</Link>,
      },
      {
        ...sortable('shopName'),
        ...ellipsis,
        dataIndex: 'shopName',
        title: t('device.field.shopName'),
        width: 140,
      },
      {
        ...sortable('deviceOnlineStatus'),
        title: t('device.field.onlineStatus'),
        width: 100,
        render: (_: unknown, row) => <DeviceStatusBadge device={row} t={t} />,
      },
      { ...sortable('intranetIp'), dataIndex: 'intranetIp', title: t('device.field.intranetIp'), width: 130 },
      { ...sortable('macAddress'), dataIndex: 'macAddress', title: t('device.field.macAddress'), width: 150 },
      {
        ...sortable('deviceOnlineTime'),
        dataIndex: 'deviceOnlineTime',
        title: t('device.field.deviceOnlineTime'),
        width: 160,
        render: (time: string | null) => time ?? '-',
      },
      { key: 'hostid', ...ellipsis, dataIndex: 'hostid', title: t('device.field.hostid'), width: 140 },
      {
        key: 'isPreinstallation',
        title: t('device.field.isPreinstallation'),
        width: 100,
        render: (_: unknown, row) => <PreinstallSwitch device={row} />,
      },
      {
        key: 'securityKey',
        title: t('device.field.securityKey'),
        width: 300,
        render: (_: unknown, row) => <GatewayKeyCell device={row} />,
      },
    ];
  }, [t, sortOrder]);
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 0);

  return (
    <div data-testid="device-gateway">
      <StatusCounts
        cards={gatewayCountCards(counts.data)}
        loading={counts.isFetching}
        onlineStatus={filters.onlineStatus}
        onFilter={(onlineStatus) => setFilters({ ...filters, onlineStatus })}
      />
      <DeviceFilterForm list={list} />
      <ListTable<Device>
        {...list.tableProps}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: width }}
        onRow={(row) => {
          const flash = flashing.has(row.deviceId);
          return {
            'data-flash': flash ? 'true' : 'false',
            style: {
              transition: 'background-color 1.5s ease-out',
              ...(flash ? { backgroundColor: token.colorWarningBg } : {}),
            },
          } as HTMLAttributes<HTMLTableRowElement>;
        }}
        data-testid="device-gateway-table"
      />
    </div>
  );
}
