import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { BUTTON, type Device, DeviceEndpoints as E } from '@storefleet/contracts';
import { Alert, App, Button, Modal, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCallMutation } from '@/shared/api/useCallMutation';
import { Access } from '@/shared/permissions/Access';

/**
 * A box's security key as the server shows it (masked: its last 4 characters), with rotate for holders
 * of BUTTON.deviceKey. The new key of a rotation is shown once, in a dialog with copy: the server keeps
 * keys encrypted and never shows them in full again.
 */
export function GatewayKeyCell({ device }: { device: Pick<Device, 'deviceId' | 'securityKey'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [fresh, setFresh] = useState<string | null>(null);
  const rotate = useCallMutation(E.rotateKey, {
    input: () => ({ params: { deviceId: device.deviceId } }),
    successMessage: t('device.gateway.keyRotated'),
  });
  const key = device.securityKey;
  const copy = (text: string) =>
    void navigator.clipboard
      .writeText(text)
      .then(() => message.success(t('device.gateway.keyCopied')))
      .catch(() => message.error(t('device.gateway.copyFailed')));
  return (
    <Access codes={[BUTTON.deviceKey]} fallback="-">
      {key ? (
        <Space size={4} data-testid={`gateway-key-${device.deviceId}`}>
          <Typography.Text code>{key}</Typography.Text>
          <Popconfirm
            title={t('device.gateway.rotateConfirm')}
            onConfirm={() =>
              rotate.mutate(undefined, { onSuccess: (result) => setFresh(result.securityKey) })
            }
          >
            <Tooltip title={t('device.gateway.rotateKey')}>
              <Button size="small" type="text" icon={<ReloadOutlined />} loading={rotate.isPending} />
            </Tooltip>
          </Popconfirm>
        </Space>
      ) : (
        '-'
      )}
      <Modal
        open={fresh !== null}
        title={t('device.gateway.newKeyTitle')}
        onCancel={() => setFresh(null)}
        footer={
          <Button type="primary" onClick={() => setFresh(null)}>
            {t('device.gateway.newKeyDone')}
          </Button>
        }
      >
        <Alert type="warning" showIcon message={t('device.gateway.newKeyOnce')} />
        <Space style={{ marginTop: 16 }} data-testid={`gateway-new-key-${device.deviceId}`}>
          <Typography.Text code>{fresh}</Typography.Text>
          <Tooltip title={t('device.gateway.copyKey')}>
            <Button size="small" type="text" icon={<CopyOutlined />} onClick={() => fresh && copy(fresh)} />
          </Tooltip>
        </Space>
      </Modal>
    </Access>
  );
}
