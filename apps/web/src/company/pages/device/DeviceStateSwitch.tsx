import { BUTTON, type Device, DeviceEndpoints as E } from '@storefleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

import { api, moduleKey } from '../../../shared/api/call';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { isEnabled } from './display-state';

/** Enables (state 1) or disables (state 2) a device; read-only without BUTTON.deviceState. */
export function DeviceStateSwitch({ device }: { device: Pick<Device, 'deviceId' | 'state'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { canUse } = usePermissions();
  const mutation = useMutation({
    mutationFn: (enabled: boolean) =>
      api(E.updateState, { params: { deviceId: device.deviceId, state: enabled ? 1 : 2 } }),
    onSuccess: async () => {
      void message.success(t('device.message.stateSaved'));
      await queryClient.invalidateQueries({ queryKey: moduleKey(E.updateState) });
    },
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
