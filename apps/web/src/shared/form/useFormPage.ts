/**
 * The form-page block: what every save/update page does around its form. It runs the save, says so,
 * refreshes the module's cached reads, and returns to the list the user came from (or the page's
 * list when opened directly); cancel goes back the same way. The form itself takes `submitting`,
 * `onSubmit` and `onCancel` — one set of names across the console.
 *
 *   const page = useFormPage({
 *     save: (body: StoreCreateBody) => api(StoreEndpoints.create, { body }),
 *     invalidates: StoreEndpoints.create,
 *     savedMessage: t('stores.saved'),
 *     list: '/stores/index.html',
 *   });
 *   return <StoreForm submitting={page.submitting} onSubmit={page.submit} onCancel={page.cancel} />;
 *
 * A refused save rejects `submit` (the request client has shown its notice); forms put a 400's field
 * messages on their fields with `serverFieldErrors` (form-errors.ts) and never leave the rejection unhandled.
 */
import type { AnyEndpoint } from '@storefleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { moduleKey } from '../api/call';
import { useAppApi } from '../app/app-api';
import { returnPathOf } from './return-to';

export interface FormPageOptions<Input, Result> {
  /** The save call. */
  save: (input: Input) => Promise<Result>;
  /** An endpoint of the module whose cached reads the save changes (they are refetched). */
  invalidates: AnyEndpoint | readonly AnyEndpoint[];
  /** Said after a successful save. */
  savedMessage: string;
  /** The list page this form belongs to (absolute path): where save and cancel return without a `from`. */
  list: string;
  /** Runs after the save and before returning (e.g. extra invalidation). */
  afterSave?: (result: Result) => Promise<void> | void;
}

export interface FormPage<Input, Result> {
  submitting: boolean;
  /** Saves, then returns to the list; rejects when the server refuses (the form marks the fields). */
  submit: (input: Input) => Promise<Result>;
  cancel: () => void;
}

export function useFormPage<Input, Result>(options: FormPageOptions<Input, Result>): FormPage<Input, Result> {
  const { save, invalidates, savedMessage, list, afterSave } = options;
  const { message } = useAppApi();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const back = returnPathOf(location.state, list);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (result) => {
      void message.success(savedMessage);
      for (const endpoint of [invalidates].flat() as AnyEndpoint[])
        await queryClient.invalidateQueries({ queryKey: moduleKey(endpoint) });
      await afterSave?.(result);
      await navigate(back);
    },
  });
  const cancel = useCallback(() => void navigate(back), [navigate, back]);
  return { submitting: mutation.isPending, submit: mutation.mutateAsync, cancel };
}
