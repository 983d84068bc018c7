import { BUTTON, type Device, DeviceEndpoints as E } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';

import { apiQuery, endpointKey } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { DeviceListPage, type DeviceListVariant } from '@/shared/device/DeviceListPage';
import { leadingDeviceColumns } from '@/shared/device/device-columns';
import { gatewayCountCards } from '@/shared/device-status/status-cards';
import { usePermissions } from '@/shared/permissions/usePermissions';
import { GatewayKeyCell } from './GatewayKeyCell';

/** queryType 1 = boxes (the reading Storefleet chose, see DeviceQueryType). */
const SCOPE = { queryType: 1 } as const;

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

/** The gateway page's counts (pre-installed, online, offline boxes) and columns. */
const GATEWAY_LIST: DeviceListVariant = {
  countKey: endpointKey(E.getGatewayStatus),
  useCountCards: (query) => {
    const counts = useQuery(apiQuery(E.getGatewayStatus, { query }));
    return { cards: gatewayCountCards(counts.data), loading: counts.isFetching };
  },
  columns: (t, sortOrder) => [
    // IP, MAC and last online come right after the name and state, so they fit a 1440 px screen.
    ...leadingDeviceColumns(t, sortOrder, 150),
    {
      key: 'hostid',
      ellipsis: { showTitle: true },
      dataIndex: 'hostid',
      title: t('device.field.hostid'),
      width: 140,
    },
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
  ],
};

/**
 * /device/gateway.html: the store boxes, their counts, pre-install flag and security key; a device list
 * (DeviceListPage) with the gateway's counts and columns. No sort chosen: the server lists problems
 * first (offline boxes on top).
 */
export default function GatewayPage() {
  return <DeviceListPage scope={SCOPE} batchMonitor={null} variant={GATEWAY_LIST} testId="device-gateway" />;
}
