import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { ShellLayout } from '../layout/ShellLayout';
import type { AppRoute } from '../routes/route-table';
import { createQueryClient } from './query-client';

/** One data cache per page load, shared by every page of the shell (and kept across sign-in and sign-out). */
const queryClient = createQueryClient();

/**
 * What a signed-in user sees around the pages: the shell and the data cache its pages read through.
 * The router loads this module (its own chunk) only once a session exists, so the sign-in page
 * downloads neither the shell nor TanStack Query. Replies name places, types and states in the
 * language the request asked for (Accept-Language), so a change of language asks the shown data again.
 */
export default function SignedInShell({ routes }: { routes: readonly AppRoute[] }) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [i18n]);
  return (
    <QueryClientProvider client={queryClient}>
      <ShellLayout routes={routes} />
    </QueryClientProvider>
  );
}
