import { DictionaryEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../api/call';
import { useLang } from '../i18n/useLang';
import { CascadePicker } from '../list/CascadePicker';
import { categoryOptions } from './category-options';

export interface CategoryCascaderProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Filters may stop at a large category; the device form needs both levels. */
  changeOnSelect?: boolean;
  /** The device form: offer only classes of this product type (or of none). */
  productType?: number;
  'data-testid'?: string;
  /** Set by antd's Form.Item, so its label names the field. */
  id?: string;
}

/** The category tree (large categories with their classes), cached for ten minutes. */
export function useCategoryTree() {
  return useQuery({ ...apiQuery(DictionaryEndpoints.categoryTypeTree), staleTime: 10 * 60_000 });
}

/** The large → small device-category picker, fed by the global category tree. */
export function CategoryCascader({
  value,
  onChange,
  changeOnSelect = false,
  productType,
  ...rest
}: CategoryCascaderProps) {
  const { t } = useTranslation();
  const tree = useCategoryTree();
  const { english } = useLang();
  const options = useMemo(
    () => categoryOptions(tree.data ?? [], english, productType),
    [tree.data, english, productType],
  );
  return (
    <CascadePicker
      {...(rest.id ? { id: rest.id } : {})}
      changeOnSelect={changeOnSelect}
      options={options}
      value={value}
      onChange={(next) => onChange?.(next.map(String))}
      placeholder={t('common.pleaseSelect')}
      loading={tree.isFetching}
      data-testid={rest['data-testid']}
    />
  );
}
