import type { AnyEndpoint, ResponseOf } from '@storefleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useAppApi } from '../app/app-api';
import { api, type CallInput, moduleKey } from './call';

export interface CallMutationOptions<E extends AnyEndpoint, V> {
  /** The call's input for the mutation's variables (an id, a body …). */
  input: (variables: V) => CallInput<E>;
  /** Said after success. */
  successMessage?: string | ((result: ResponseOf<E>, variables: V) => string);
  /** More modules whose cached reads the call changes (its own module is always refreshed). */
  alsoInvalidates?: readonly AnyEndpoint[];
}

/**
 * A write through one endpoint (delete, enable, move …) that says so and refreshes the cached reads of
 * the endpoint's module — the right keys, because keys come from the endpoints:
 *
 *   const remove = useCallMutation(StoreEndpoints.delete, { input: (id: number) => ({ params: { id } }),
 *                                                        successMessage: t('stores.deleted') });
 */
export function useCallMutation<E extends AnyEndpoint, V>(endpoint: E, options: CallMutationOptions<E, V>) {
  const { message } = useAppApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) =>
      (api as (e: E, input: CallInput<E>) => Promise<ResponseOf<E>>)(endpoint, options.input(variables)),
    onSuccess: async (result, variables) => {
      const said = options.successMessage;
      if (said) void message.success(typeof said === 'function' ? said(result, variables) : said);
      for (const other of [endpoint, ...(options.alsoInvalidates ?? [])])
        await queryClient.invalidateQueries({ queryKey: moduleKey(other) });
    },
  });
}
