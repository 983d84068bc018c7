import { BUTTON, type Device, DeviceState, DeviceEndpoints as E } from '@storefleet/contracts';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';

import { useCallMutation } from '../../../shared/api/useCallMutation';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { isEnabled } from './display-state';

/** Enables (state 1) or disables (state 2) a device; read-only without BUTTON.deviceState. */
export function DeviceStateSwitch({ device }: { device: Pick<Device, 'deviceId' | 'state'> }) {
  const { t } = useTranslation();
  const { canUse } = usePermissions();
  const mutation = useCallMutation(E.updateState, {
    input: (enabled: boolean) => ({
      params: { deviceId: device.deviceId, state: enabled ? DeviceState.ENABLED : DeviceState.DISABLED },
    }),
    successMessage: t('device.message.stateSaved'),
  });
  return (
    <Switch
      size="small"
      checked={isEnabled(device)}
      loading={mutation.isPending}
      disabled={!canUse([BUTTON.deviceState])}
      checkedChildren={t('device.state.enabled')}
      unCheckedChildren={t('device.state.disabled')}
      onChange={(checked) => mutation.mutate(checked)}
      data-testid={`device-state-${device.deviceId}`}
    />
  );
}
