import { DeviceEndpoints as E } from '@storefleet/contracts';
import { Alert, App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { useFormPage } from '@/shared/form';
import { DEVICE_LIST, DeviceForm } from './DeviceForm';
import { type DeviceFormValues, deviceBodyOf, NEW_DEVICE_VALUES } from './device-form-values';

/**
 * /device/save.html: registers a device. A new box's key is in the reply only (the server shows it
 * masked afterwards), so it is shown once, with copy, before returning to the list.
 */
export default function DeviceSavePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const page = useFormPage({
    save: (values: DeviceFormValues) => api(E.add, { body: deviceBodyOf(values) }),
    invalidates: E.add,
    savedMessage: t('device.message.added'),
    list: DEVICE_LIST,
    afterSave: async (device) => {
      if (!device.securityKey || device.securityKey.startsWith('•')) return;
      await modal.info({
        title: t('device.gateway.newKeyTitle'),
        okText: t('device.gateway.newKeyDone'),
        content: (
          <>
            <Alert type="warning" showIcon message={t('device.gateway.newKeyOnce')} />
            <Typography.Paragraph code copyable style={{ marginTop: 16 }}>
              {device.securityKey}
            </Typography.Paragraph>
          </>
        ),
      });
    },
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
