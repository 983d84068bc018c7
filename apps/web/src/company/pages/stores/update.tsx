/** Edit a store: `update.html?id=<store id>`. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { getStore, updateStore } from '../../../shared/api/org';
import { StoreForm } from './StoreForm';

export default function StoreUpdatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const store = useQuery({
    queryKey: ['store', 'detail', id],
    queryFn: ({ signal }) => getStore(id, signal),
    enabled: valid,
  });
  const save = useMutation({
    mutationFn: updateStore,
    onSuccess: async () => {
      message.success(t('stores.saved'));
      await queryClient.invalidateQueries({ queryKey: ['store'] });
    },
  });
  if (!valid || (store.isSuccess && !store.data)) {
    return <Result status="404" title={t('stores.notFound')} data-testid="store-not-found" />;
  }
  if (!store.data) return <Spin />;
  const existing = store.data;
  return (
    <StoreForm
      store={existing}
      saving={save.isPending}
      onSubmit={(body) => save.mutateAsync({ ...body, id: existing.id })}
    />
  );
}
