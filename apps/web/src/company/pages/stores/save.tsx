/** Add a store. */
import { type StoreCreateBody, StoreEndpoints } from '@storefleet/contracts';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { useFormPage } from '@/shared/form';
import { STORE_LIST, StoreForm } from './StoreForm';

export default function StoreSavePage() {
  const { t } = useTranslation();
  const page = useFormPage({
    save: (body: StoreCreateBody) => api(StoreEndpoints.addStore, { body }),
    invalidates: StoreEndpoints.addStore,
    savedMessage: t('stores.saved'),
    list: STORE_LIST,
  });
  return <StoreForm submitting={page.submitting} onSubmit={page.submit} onCancel={page.cancel} />;
}
