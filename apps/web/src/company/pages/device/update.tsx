import { DeviceEndpoints as E } from '@storefleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { api, moduleKey } from '../../../shared/api/call';
import { DeviceForm } from './DeviceForm';
import { type DeviceFormValues, deviceBodyOf, formValuesOf } from './device-form-values';
import { useDevice, useDeviceIdParam } from './useDeviceParam';

/** /device/update.html?deviceId=: edits a device. */
export default function DeviceUpdatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deviceId = useDeviceIdParam();
  const device = useDevice(deviceId);
  const initialValues = useMemo(() => (device.data ? formValuesOf(device.data) : null), [device.data]);
  const save = useMutation({
    mutationFn: (values: DeviceFormValues) =>
      api(E.update, { body: { ...deviceBodyOf(values), deviceId: deviceId ?? 0 } }),
    onSuccess: async () => {
      void message.success(t('device.message.updated'));
      await queryClient.invalidateQueries({ queryKey: moduleKey(E.update) });
      void navigate(-1);
    },
  });
  if (deviceId === null || device.isError) {
    return <Result status="404" title={t('device.details.notFound')} data-testid="device-not-found" />;
  }
  if (!initialValues) return <Spin />;
  return (
    <DeviceForm
      initialValues={initialValues}
      deviceId={deviceId}
      submitting={save.isPending}
      onSubmit={(values) => save.mutate(values)}
      onCancel={() => void navigate(-1)}
    />
  );
}
