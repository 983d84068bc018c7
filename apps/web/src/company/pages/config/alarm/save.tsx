import { type AlertSenderBody, AlertSenderEndpoints } from '@storefleet/contracts';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { useFormPage } from '@/shared/form';
import { SenderForm } from './SenderForm';
import { NEW_SENDER_VALUES, SENDER_LIST } from './sender-values';

/** /config/alarm/save.html: adds an alert recipient. */
export default function AlertSenderSavePage() {
  const { t } = useTranslation();
  const page = useFormPage({
    save: (body: AlertSenderBody) => api(AlertSenderEndpoints.addSender, { body }),
    invalidates: AlertSenderEndpoints.addSender,
    savedMessage: t('alertSenders.message.added'),
    list: SENDER_LIST,
  });
  return (
    <SenderForm
      initialValues={NEW_SENDER_VALUES}
      submitting={page.submitting}
      onSubmit={page.submit}
      onCancel={page.cancel}
    />
  );
}
