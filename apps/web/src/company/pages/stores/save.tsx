/** Add a store. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

import { createStore } from '../../../shared/api/org';
import { StoreForm } from './StoreForm';

export default function StoreSavePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: createStore,
    onSuccess: async () => {
      message.success(t('stores.saved'));
      await queryClient.invalidateQueries({ queryKey: ['store'] });
    },
  });
  return <StoreForm saving={save.isPending} onSubmit={(body) => save.mutateAsync(body)} />;
}
