import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { getCategoryTypeTree } from '../../../shared/api/devices';
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
  const { t, i18n } = useTranslation();
  const tree = useQuery({
    queryKey: ['dictionary', 'categoryTypeTree'],
    queryFn: ({ signal }) => getCategoryTypeTree(signal),
    staleTime: 10 * 60_000,
  });
  const english = i18n.language === 'en-US';
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
