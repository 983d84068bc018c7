import { BUTTON, type Device, MonitoringEndpoints } from '@storefleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { Access } from '@/shared/permissions/Access';
import { RequestError } from '@/shared/request/client';

/** Loss is a 0–1 fraction on the wire; people read percentages. */
export function formatLoss(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

/** Pings an address from the device's box (spec §7 queryAnswer/pingIp) and shows the result. */
export function PingPanel({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(device.intranetIp ?? '');
  const ping = useMutation({
    mutationFn: () =>
      api(MonitoringEndpoints.pingIp, { query: { deviceId: device.deviceId, ipAddress: address.trim() } }),
  });
  const result = ping.data;
  return (
    <Access codes={[BUTTON.devicePing]}>
      <Card title={t('device.ping.title')} size="small" data-testid="device-ping">
        <Space.Compact style={{ maxWidth: 420, width: '100%', marginBottom: 12 }}>
          <Input
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder={t('device.ping.address')}
            data-testid="device-ping-address"
          />
          <Button
            type="primary"
            loading={ping.isPending}
            disabled={address.trim() === ''}
            onClick={() => ping.mutate()}
            data-testid="device-ping-run"
          >
            {t('device.ping.run')}
          </Button>
        </Space.Compact>
        {ping.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('device.ping.failed')}
            description={ping.error instanceof RequestError ? ping.error.message : String(ping.error)}
            data-testid="device-ping-error"
          />
        ) : null}
        {result && !ping.isPending ? (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, md: 3 }}
            data-testid="device-ping-result"
            items={[
              {
                key: 'isOnline',
                label: t('device.ping.isOnline'),
                children: t(result.isOnline === 1 ? 'device.online' : 'device.offline'),
              },
              {
                key: 'delayTime',
                label: t('device.ping.delayTime'),
                children: result.delayTime === null ? '-' : `${result.delayTime} ms`,
              },
              {
                key: 'networkJitter',
                label: t('device.ping.jitter'),
                children: result.networkJitter === null ? '-' : `${result.networkJitter} ms`,
              },
              {
                key: 'packetLossRate',
                label: t('device.ping.loss'),
                children: formatLoss(result.packetLossRate),
              },
              { key: 'pingUrl', label: t('device.ping.address'), children: result.pingUrl },
              { key: 'pingTime', label: t('device.ping.pingTime'), children: result.pingTime },
            ]}
          />
        ) : null}
      </Card>
    </Access>
  );
}
