/**
 * The region cascader's options (region → province → city → store), built from the level tree and the
 * store list. A store hangs under its deepest level, so stores of a region without provinces still
 * appear. Store options carry `s<id>` values (see device-query.ts).
 */
import type { RegionLevelTreeNode, Store } from '@storefleet/contracts';

import { storeStep } from './device-query';

export interface RegionOption {
  value: string;
  label: string;
  /** Set on store options, so a form can tell a store from a level. */
  isStore?: boolean;
  children?: RegionOption[];
}

type StoreLevels = Pick<Store, 'shopId' | 'storeName' | 'areaLevel' | 'provinceLevel' | 'cityLevel'>;

/** Builds the cascader options; `withStores` adds each level's stores after its lower levels. */
export function regionOptions(
  tree: readonly RegionLevelTreeNode[],
  stores: readonly StoreLevels[],
  english: boolean,
  withStores: boolean,
): RegionOption[] {
  const byLevel = new Map<number, StoreLevels[]>();
  if (withStores) {
    for (const store of stores) {
      const level = store.cityLevel ?? store.provinceLevel ?? store.areaLevel;
      if (level === null) continue;
      const list = byLevel.get(level) ?? [];
      list.push(store);
      byLevel.set(level, list);
    }
  }
  const build = (node: RegionLevelTreeNode): RegionOption => {
    const children: RegionOption[] = [
      ...node.childLevel.map(build),
      ...(byLevel.get(node.id) ?? []).map((s) => ({
        value: storeStep(s.shopId),
        label: s.storeName,
        isStore: true,
      })),
    ];
    return {
      value: String(node.id),
      label: english && node.ename ? node.ename : node.name,
      ...(children.length > 0 ? { children } : {}),
    };
  };
  return tree.map(build);
}

/** The store id at the end of a cascader path, or null when the path stops at a level. */
export function storeIdOfPath(path: readonly string[]): number | null {
  const last = path[path.length - 1];
  const match = last ? /^s([1-9]\d*)$/.exec(last) : null;
  return match?.[1] ? Number(match[1]) : null;
}

/** The path of a store in the options (region … store), for showing a saved device's store. */
export function pathOfStore(options: readonly RegionOption[], shopId: number): string[] | null {
  const target = storeStep(shopId);
  for (const option of options) {
    if (option.value === target) return [option.value];
    const below = option.children ? pathOfStore(option.children, shopId) : null;
    if (below) return [option.value, ...below];
  }
  return null;
}
