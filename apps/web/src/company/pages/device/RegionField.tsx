import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { useTranslation } from 'react-i18next';

import { useLang } from '../../../shared/i18n/useLang';
import { CascadePicker } from '../../../shared/list/CascadePicker';
import { levelTreeQuery } from '../../../shared/org/level-tree-query';
import { regionOptions } from './region-options';
import { useScopeStores } from './useScopeStores';

/** Level tree and stores of the caller's scope; shared by the filter and the form. */
export function useRegionOptions(withStores: boolean) {
  const { english } = useLang();
  const tree = useQuery(levelTreeQuery());
  const stores = useScopeStores({ enabled: withStores, staleTime: 5 * 60_000 });
  const options = useMemo(
    () => regionOptions(tree.data ?? [], stores.data ?? [], english, withStores),
    [tree.data, stores.data, english, withStores],
  );
  return { options, loading: tree.isFetching || stores.isFetching };
}

export interface RegionFilterProps {
  value?: string[][];
  onChange?: (value: string[][]) => void;
  /** Set by antd's Form.Item, so its label names the field. */
  id?: string;
}

/** The list filters' region picker: several regions, provinces, cities or stores at once. */
export function RegionFilter({ value, onChange, id }: RegionFilterProps) {
  const { t } = useTranslation();
  const { options, loading } = useRegionOptions(true);
  return (
    <CascadePicker
      multiple
      {...(id ? { id } : {})}
      options={options}
      value={value}
      onChange={(next) => onChange?.(next.map((path) => path.map(String)))}
      placeholder={t('common.pleaseSelect')}
      loading={loading}
      data-testid="device-filter-region"
    />
  );
}

export interface StorePickerProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Set by antd's Form.Item, so its label names the field. */
  id?: string;
}

/** The device form's store picker: one path down to a store. */
export function StorePicker({ value, onChange, id }: StorePickerProps) {
  const { t } = useTranslation();
  const { options, loading } = useRegionOptions(true);
  return (
    <CascadePicker
      {...(id ? { id } : {})}
      options={options}
      value={value}
      onChange={(next) => onChange?.(next.map(String))}
      placeholder={t('common.pleaseSelect')}
      loading={loading}
      data-testid="device-form-store"
    />
  );
}
