import { DictionaryEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../../../shared/api/call';
import { useLang } from '../../../shared/i18n/useLang';
import { categoryOptions } from './category-options';

export interface CategoryCascaderProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Filters may stop at a large category; the device form needs both levels. */
  changeOnSelect?: boolean;
  'data-testid'?: string;
}

/** The large → small device-category picker, fed by the global category tree. */
export function CategoryCascader({
  value,
  onChange,
  changeOnSelect = false,
  ...rest
}: CategoryCascaderProps) {
  const { t } = useTranslation();
  const tree = useQuery({ ...apiQuery(DictionaryEndpoints.categoryTypeTree), staleTime: 10 * 60_000 });
  const { english } = useLang();
  const options = useMemo(() => categoryOptions(tree.data ?? [], english), [tree.data, english]);
  return (
    <Cascader
      allowClear
      changeOnSelect={changeOnSelect}
      options={options}
      value={value}
      onChange={(next) => onChange?.((next ?? []).map(String))}
      placeholder={t('common.pleaseSelect')}
      loading={tree.isFetching}
      data-testid={rest['data-testid']}
    />
  );
}
