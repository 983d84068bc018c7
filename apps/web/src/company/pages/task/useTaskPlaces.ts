import type { RegionLevelTreeNode } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';

import { useLang } from '@/shared/i18n/useLang';
import { levelTreeQuery } from '@/shared/org/level-tree-query';
import { useScopeStores } from '@/shared/org/useScopeStores';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

/** The places a task filter or form picks: the region → province → city tree and the stores in scope. */
export function useTaskPlaces() {
  const { english } = useLang();
  const tree = useQuery(levelTreeQuery());
  const stores = useScopeStores();
  const toOption = (node: RegionLevelTreeNode): TreeOption => ({
    value: node.id,
    title: english && node.ename ? node.ename : node.name,
    children: node.childLevel.map(toOption),
  });
  return {
    regions: (tree.data ?? []).map(toOption),
    stores: (stores.data ?? []).map((s) => ({ value: Number(s.id), label: s.storeName })),
    loading: tree.isLoading || stores.isPending,
  };
}
