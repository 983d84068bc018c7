/**
 * The region picker: region → province → city from levelConfig/listLevelTree, optionally with the
 * caller's stores as the last step. Values are paths of ids as text (`region-path.ts`). One component
 * for every page that filters or places things by region; `RegionFilter`, `StorePicker` and
 * `RegionCascader` name its three uses. Drawn by our own `CascadePicker` (no antd Cascader on the list
 * pages: docs/decisions/web.md "What loads when").
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useLang } from '../i18n/useLang';
import { CascadePicker } from '../list/CascadePicker';
import { levelTreeQuery } from './level-tree-query';
import { regionOptions } from './region-path';
import { useScopeStores } from './useScopeStores';

/** Level tree and, when asked, the stores of the caller's scope, as picker options. */
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

interface RegionPickerCommon {
  /** Adds the caller's stores below their deepest level as the last step. */
  withStores?: boolean;
  placeholder?: string;
  disabled?: boolean;
  'data-testid'?: string;
  /** Set by antd's Form.Item, so its label names the field. */
  id?: string;
}

/** One path (`changeOnSelect`: the user may stop at any depth), or several paths at once (`multiple`). */
export type RegionPickerProps = RegionPickerCommon &
  (
    | { multiple?: false; changeOnSelect?: boolean; value?: string[]; onChange?: (path: string[]) => void }
    | { multiple: true; value?: string[][]; onChange?: (paths: string[][]) => void }
  );

export function RegionPicker(props: RegionPickerProps) {
  const { t } = useTranslation();
  const { options, loading } = useRegionOptions(props.withStores ?? false);
  const common = {
    ...(props.id ? { id: props.id } : {}),
    options,
    placeholder: props.placeholder ?? t('common.pleaseSelect'),
    loading,
    disabled: props.disabled,
    'data-testid': props['data-testid'] ?? 'region-cascader',
  };
  if (props.multiple) {
    const { onChange } = props;
    return (
      <CascadePicker
        multiple
        {...common}
        value={props.value}
        onChange={(next) => onChange?.(next.map((path) => path.map(String)))}
      />
    );
  }
  const { onChange } = props;
  return (
    <CascadePicker
      {...common}
      {...(props.changeOnSelect !== undefined ? { changeOnSelect: props.changeOnSelect } : {})}
      value={props.value}
      onChange={(next) => onChange?.(next.map(String))}
    />
  );
}

interface PresetProps<V> {
  value?: V;
  onChange?: (value: V) => void;
  id?: string;
}

/** The list filters' region picker: several regions, provinces, cities or stores at once. */
export function RegionFilter(props: PresetProps<string[][]>) {
  return <RegionPicker multiple withStores data-testid="device-filter-region" {...props} />;
}

/** The device form's store picker: one path down to a store. */
export function StorePicker(props: PresetProps<string[]>) {
  return <RegionPicker withStores data-testid="device-form-store" {...props} />;
}

/** The stores pages' level picker: a region, province or city, stopping at any depth by default. */
export function RegionCascader({
  changeOnSelect = true,
  ...props
}: Omit<Extract<RegionPickerProps, { multiple?: false }>, 'withStores'>) {
  return <RegionPicker changeOnSelect={changeOnSelect} {...props} />;
}
