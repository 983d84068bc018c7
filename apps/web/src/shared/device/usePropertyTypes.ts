import { DictionaryEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { apiQuery } from '../api/call';
import { useLang } from '../i18n/useLang';
import { dictionaryName } from './category-options';

/** The items of a dictionary type, cached for ten minutes. */
export function useDictionaryQuery(type: string, enabled = true) {
  return useQuery({
    ...apiQuery(DictionaryEndpoints.dictionaryType, { params: { type } }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** A dictionary type as select options in the console's language. */
export function useDictionaryOptions(type: string, enabled = true) {
  const query = useDictionaryQuery(type, enabled);
  const { english } = useLang();
  const options = useMemo(
    () =>
      (query.data ?? [])
        .filter((item) => item.status !== 0)
        .map((item) => ({ value: item.code, label: dictionaryName(item, english) })),
    [query.data, english],
  );
  return { options, loading: query.isFetching };
}

/** The property types (owned, leased …) for filters and the device form. */
export function usePropertyTypes() {
  return useDictionaryOptions('PROPERTY_TYPE');
}
