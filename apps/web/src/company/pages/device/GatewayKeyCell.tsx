import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { BUTTON, type Device, DeviceEndpoints as E } from '@storefleet/contracts';
import { App, Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCallMutation } from '../../../shared/api/useCallMutation';
import { Access } from '../../../shared/permissions/Access';

/** Shows the first and last characters only, so a screen share does not leak a working key. */
export function maskKey(key: string): string {
  if (key.length <= 8) return '•'.repeat(key.length);
  return `${key.slice(0, 4)}${'•'.repeat(8)}${key.slice(-4)}`;
}

/** A box's security key, masked, with reveal, copy and rotate for holders of BUTTON.deviceKey. */
export function GatewayKeyCell({ device }: { device: Pick<Device, 'deviceId' | 'securityKey'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [shown, setShown] = useState(false);
  const rotate = useCallMutation(E.rotateKey, {
    input: () => ({ params: { deviceId: device.deviceId } }),
    successMessage: t('device.gateway.keyRotated'),
  });
  const key = device.securityKey;
  return (
    <Access codes={[BUTTON.deviceKey]} fallback="-">
      {key ? (
        <Space size={4} data-testid={`gateway-key-${device.deviceId}`}>
          <Typography.Text code>{shown ? key : maskKey(key)}</Typography.Text>
          <Tooltip title={t(shown ? 'device.gateway.hideKey' : 'device.gateway.showKey')}>
            <Button
              size="small"
              type="text"
              icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              onClick={() => setShown(!shown)}
            />
          </Tooltip>
          <Tooltip title={t('device.gateway.copyKey')}>
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              onClick={() =>
                void navigator.clipboard
                  .writeText(key)
                  .then(() => message.success(t('device.gateway.keyCopied')))
                  .catch(() => message.error(t('device.gateway.copyFailed')))
              }
            />
          </Tooltip>
          <Popconfirm title={t('device.gateway.rotateConfirm')} onConfirm={() => rotate.mutate()}>
            <Tooltip title={t('device.gateway.rotateKey')}>
              <Button size="small" type="text" icon={<ReloadOutlined />} loading={rotate.isPending} />
            </Tooltip>
          </Popconfirm>
        </Space>
      ) : (
        '-'
      )}
    </Access>
  );
}
