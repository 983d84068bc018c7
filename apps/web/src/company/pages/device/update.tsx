import { DeviceEndpoints as E } from '@storefleet/contracts';
import { Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { useFormPage, useIdParam } from '@/shared/form';
import { DEVICE_LIST, DeviceForm } from './DeviceForm';
import { type DeviceFormValues, deviceBodyOf, formValuesOf } from './device-form-values';
import { useDevice } from './useDeviceParam';

/** /device/update.html?deviceId=: edits a device. */
export default function DeviceUpdatePage() {
  const { t } = useTranslation();
  const deviceId = useIdParam('deviceId');
  const device = useDevice(deviceId);
  const initialValues = useMemo(() => (device.data ? formValuesOf(device.data) : null), [device.data]);
  const page = useFormPage({
    save: (values: DeviceFormValues) =>
      api(E.update, { body: { ...deviceBodyOf(values), deviceId: deviceId ?? 0 } }),
    invalidates: E.update,
    savedMessage: t('device.message.updated'),
    list: DEVICE_LIST,
  });
  if (deviceId === null || device.isError) {
    return <Result status="404" title={t('device.details.notFound')} data-testid="device-not-found" />;
  }
  if (!initialValues) return <Spin />;
  return (
    <DeviceForm
      initialValues={initialValues}
      deviceId={deviceId}
      submitting={page.submitting}
      onSubmit={page.submit}
      onCancel={page.cancel}
    />
  );
}
