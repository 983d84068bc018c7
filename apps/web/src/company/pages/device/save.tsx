import { DeviceEndpoints as E } from '@storefleet/contracts';
import { useTranslation } from 'react-i18next';

import { api } from '../../../shared/api/call';
import { useFormPage } from '../../../shared/form';
import { DEVICE_LIST, DeviceForm } from './DeviceForm';
import { type DeviceFormValues, deviceBodyOf, NEW_DEVICE_VALUES } from './device-form-values';

/** /device/save.html: registers a device. */
export default function DeviceSavePage() {
  const { t } = useTranslation();
  const page = useFormPage({
    save: (values: DeviceFormValues) => api(E.add, { body: deviceBodyOf(values) }),
    invalidates: E.add,
    savedMessage: t('device.message.added'),
    list: DEVICE_LIST,
  });
  return (
    <DeviceForm
      initialValues={NEW_DEVICE_VALUES}
      submitting={page.submitting}
      onSubmit={page.submit}
      onCancel={page.cancel}
    />
  );
}
