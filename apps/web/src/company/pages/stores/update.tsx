/** Edit a store: `update.html?id=<store id>`. */
import { StoreEndpoints, type StoreUpdateBody } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

import { api, apiQuery } from '@/shared/api/call';
import { useFormPage, useIdParam } from '@/shared/form';
import { storeRows } from '@/shared/org/store-list';
import { STORE_LIST, StoreForm } from './StoreForm';

export default function StoreUpdatePage() {
  const { t } = useTranslation();
  const id = useIdParam();
  // One store by id: store/list filtered by shopId (404 outside the caller's scope).
  const store = useQuery({
    ...apiQuery(StoreEndpoints.list, { query: { shopId: id ?? 0 } }),
    select: (reply) => storeRows(reply)[0] ?? null,
    enabled: id !== null,
  });
  const page = useFormPage({
    save: (body: StoreUpdateBody) => api(StoreEndpoints.updateStore, { body }),
    invalidates: StoreEndpoints.updateStore,
    savedMessage: t('stores.saved'),
    list: STORE_LIST,
  });
  if (id === null || store.isError || (store.isSuccess && !store.data)) {
    return <Result status="404" title={t('stores.notFound')} data-testid="store-not-found" />;
  }
  if (!store.data) return <Spin />;
  const existing = store.data;
  return (
    <StoreForm
      store={existing}
      submitting={page.submitting}
      onSubmit={(body) => page.submit({ ...body, id: existing.id })}
      onCancel={page.cancel}
    />
  );
}
