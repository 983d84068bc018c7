/**
 * What a region picker path means and the options it is picked from: `[regionId, provinceId?, cityId?,
 * 's<storeId>'?]`, ids as text (a store step is prefixed with `s` so it never looks like a level id).
 * Options run region → province → city → store, built from the level tree and the store list; a store
 * hangs under its deepest level, so stores of a region without provinces still appear.
 */
import type { RegionLevelTreeNode, Store } from '@storefleet/contracts';
export interface RegionSelection {
  areaLevel?: number;
  provinceLevel?: number;
  cityLevel?: number;
  shopId?: number;
}

/** A store step of a path: `s<storeId>`; its group 1 is the store id. */
export const STORE_STEP = /^s([1-9]\d*)$/;

/** The text value of a store step (levels use their id as text). */
export function storeStep(storeId: number): string {
  return `s${storeId}`;
}

/** Reads a path into the store filters and form fields it stands for; unknown steps are ignored. */
export function readRegionPath(path: readonly string[] | undefined): RegionSelection {
  const out: RegionSelection = {};
  const keys = ['areaLevel', 'provinceLevel', 'cityLevel'] as const;
  let depth = 0;
  for (const step of path ?? []) {
    const store = STORE_STEP.exec(step);
    if (store?.[1]) {
      out.shopId = Number(store[1]);
      break;
    }
    const key = keys[depth];
    if (!key || !/^[1-9]\d*$/.test(step)) break;
    out[key] = Number(step);
    depth += 1;
  }
  return out;
}

/** The path of a store placed at the given levels (for editing a saved store). */
export function regionPathOf(levels: {
  areaLevel: number | null;
  provinceLevel: number | null;
  cityLevel: number | null;
}): string[] {
  const out: string[] = [];
  for (const id of [levels.areaLevel, levels.provinceLevel, levels.cityLevel]) {
    if (id === null) break;
    out.push(String(id));
  }
  return out;
}

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
  const match = last ? STORE_STEP.exec(last) : null;
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
