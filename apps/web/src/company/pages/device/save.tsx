import { DeviceEndpoints as E } from '@storefleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { api, moduleKey } from '../../../shared/api/call';
import { DeviceForm } from './DeviceForm';
import { type DeviceFormValues, deviceBodyOf, NEW_DEVICE_VALUES } from './device-form-values';

/** /device/save.html: registers a device. */
export default function DeviceSavePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: DeviceFormValues) => api(E.add, { body: deviceBodyOf(values) }),
    onSuccess: async () => {
      void message.success(t('device.message.added'));
      await queryClient.invalidateQueries({ queryKey: moduleKey(E.add) });
      void navigate(-1);
    },
  });
  return (
    <DeviceForm
      initialValues={NEW_DEVICE_VALUES}
      submitting={save.isPending}
      onSubmit={(values) => save.mutate(values)}
      onCancel={() => void navigate(-1)}
    />
  );
}
