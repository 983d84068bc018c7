import { BUTTON, type Device, DeviceState, DeviceEndpoints as E } from '@storefleet/contracts';
import { useTranslation } from 'react-i18next';

import { useCallMutation } from '../api/useCallMutation';
import { useAppApi } from '../app/app-api';
import { isEnabled } from '../device-status/display-state';
import { Toggle } from '../list/Toggle';
import { usePermissions } from '../permissions/usePermissions';

/**
 * Enables (state 1) or disables (state 2) a device; read-only without BUTTON.deviceState. Disabling
 * asks first (a disabled device raises no alerts); enabling does not.
 */
export function DeviceStateSwitch({ device }: { device: Pick<Device, 'deviceId' | 'state' | 'deviceName'> }) {
  const { t } = useTranslation();
  const { modal } = useAppApi();
  const { canUse } = usePermissions();
  const mutation = useCallMutation(E.updateState, {
    input: (enabled: boolean) => ({
      params: { deviceId: device.deviceId, state: enabled ? DeviceState.ENABLED : DeviceState.DISABLED },
    }),
    successMessage: t('device.message.stateSaved'),
  });
  const change = (enabled: boolean) => {
    if (enabled) {
      mutation.mutate(true);
      return;
    }
    void modal.confirm({
      title: t('device.confirm.disableTitle', { name: device.deviceName }),
      content: t('device.confirm.disable'),
      okText: t('device.confirm.disableOk'),
      okButtonProps: { danger: true },
      // A refused change has been reported by the request client; the dialog closes either way.
      onOk: () => mutation.mutateAsync(false).catch(() => undefined),
    });
  };
  return (
    <Toggle
      checked={isEnabled(device)}
      loading={mutation.isPending}
      disabled={!canUse([BUTTON.deviceState])}
      checkedChildren={t('device.state.enabled')}
      unCheckedChildren={t('device.state.disabled')}
      onChange={change}
      data-testid={`device-state-${device.deviceId}`}
    />
  );
}
