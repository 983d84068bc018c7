/**
 * The region cascader: region → province → city from levelConfig/listLevelTree, optionally with the
 * stores of each lowest level as a 4th step (loaded on demand from levelConfig/listStore). Values are
 * paths of ids as text; read them with `readRegionPath`. Used by the store pages and reusable by any
 * page that filters or places things by region (device filters, forms). Drawn by our own `CascadePicker`
 * (no antd Cascader on the list pages: docs/decisions/web.md "What loads when").
 */
import { LevelEndpoints, type RegionLevelTreeNode, type Store } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../api/call';
import { useLang } from '../i18n/useLang';
import { CascadePicker } from '../list/CascadePicker';
import { levelTreeQuery } from './level-tree-query';
import { storeStepOf } from './region-path';

interface RegionOption {
  value: string;
  label: string;
  isLeaf?: boolean;
  children?: RegionOption[];
}

export interface RegionCascaderProps {
  value?: string[];
  onChange?: (path: string[]) => void;
  /** Adds the stores below each lowest level as the last step. */
  withStores?: boolean;
  /** Lets the user stop at any depth (filters); off when a full path is required (forms). */
  changeOnSelect?: boolean;
  placeholder?: string;
  disabled?: boolean;
  'data-testid'?: string;
  /** Set by antd's Form.Item, so its label names the field. */
  id?: string;
}

export function RegionCascader({
  value,
  onChange,
  withStores = false,
  changeOnSelect = true,
  placeholder,
  disabled,
  id,
  'data-testid': testId = 'region-cascader',
}: RegionCascaderProps) {
  const { t } = useTranslation();
  const tree = useQuery(levelTreeQuery());
  const [storesByLevel, setStoresByLevel] = useState<ReadonlyMap<number, Store[]>>(new Map());
  const { english } = useLang();

  const options = useMemo(() => {
    const build = (node: RegionLevelTreeNode): RegionOption => {
      const label = english && node.ename ? node.ename : node.name;
      if (node.childLevel.length > 0) {
        return { value: String(node.id), label, children: node.childLevel.map(build) };
      }
      if (!withStores) return { value: String(node.id), label, isLeaf: true };
      const stores = storesByLevel.get(node.id);
      if (!stores) return { value: String(node.id), label, isLeaf: false };
      return {
        value: String(node.id),
        label,
        isLeaf: stores.length === 0,
        children: stores.map((s) => ({ value: storeStepOf(s.id), label: s.storeName, isLeaf: true })),
      };
    };
    return (tree.data ?? []).map(build);
  }, [tree.data, english, withStores, storesByLevel]);

  const loadData = useCallback(async (selected: RegionOption[]) => {
    const last = selected[selected.length - 1];
    const levelId = Number(last?.value);
    if (!Number.isSafeInteger(levelId) || levelId <= 0) return;
    const stores = await api(LevelEndpoints.listStore, { params: { levelId } });
    setStoresByLevel((prev) => new Map(prev).set(levelId, stores));
  }, []);

  return (
    <CascadePicker
      options={options}
      {...(withStores ? { loadData } : {})}
      {...(id ? { id } : {})}
      changeOnSelect={changeOnSelect}
      value={value}
      onChange={(next) => onChange?.(next.map(String))}
      placeholder={placeholder ?? t('common.pleaseSelect')}
      loading={tree.isFetching}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
