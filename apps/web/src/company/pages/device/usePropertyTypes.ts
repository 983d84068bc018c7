import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { getDictionary } from '../../../shared/api/devices';
import { dictionaryName } from './category-options';

/** The items of a dictionary type, cached for ten minutes under `['dictionary', type]`. */
export function useDictionaryQuery(type: string, enabled = true) {
  return useQuery({
    queryKey: ['dictionary', type],
    queryFn: ({ signal }) => getDictionary(type, signal),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** A dictionary type as select options in the console's language. */
export function useDictionaryOptions(type: string, enabled = true) {
  const { i18n } = useTranslation();
  const query = useDictionaryQuery(type, enabled);
  const english = i18n.language === 'en-US';
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
