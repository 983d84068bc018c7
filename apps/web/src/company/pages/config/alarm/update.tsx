import { AlertSenderEndpoints, type AlertSenderUpdateBody } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { useFormPage, useIdParam } from '@/shared/form';
import { levelTreeQuery } from '@/shared/org/level-tree-query';
import { SenderForm } from './SenderForm';
import { formValuesOfSender, SENDER_LIST } from './sender-values';
import { useSender } from './useSender';

/** /config/alarm/update.html?id=: edits an alert recipient. */
export default function AlertSenderUpdatePage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const sender = useSender(id);
  const tree = useQuery(levelTreeQuery());
  const initialValues = useMemo(
    () => (sender.data && tree.data ? formValuesOfSender(sender.data, tree.data) : null),
    [sender.data, tree.data],
  );
  const page = useFormPage({
    save: (body: AlertSenderUpdateBody) => api(AlertSenderEndpoints.updateSender, { body }),
    invalidates: AlertSenderEndpoints.updateSender,
    savedMessage: t('alertSenders.message.updated'),
    list: SENDER_LIST,
  });
  if (id === null || sender.isError || sender.data === null) {
    return <Result status="404" title={t('alertSenders.notFound')} data-testid="alert-sender-not-found" />;
  }
  if (!initialValues || id === null) return <Spin />;
  return (
    <SenderForm
      initialValues={initialValues}
      submitting={page.submitting}
      onSubmit={(body) => page.submit({ ...body, id })}
      onCancel={page.cancel}
    />
  );
}
