/**
 * Which level nodes a caller sees. A whole-company scope sees every node. A restricted scope (a
 * common user's role areas and stores) sees the nodes it was granted with everything below them,
 * the ancestors of those nodes (so a region → province → city cascader can reach them), and the
 * region, province and city of every store it sees.
 */
import type { Scope } from '../../auth/caller';
import { isRestricted } from '../../auth/caller';
import type { LevelRow } from './levels.repository';

export interface StoreLevels {
  area_level: number | null;
  province_level: number | null;
  city_level: number | null;
}

/** The visible subset of `levels` (one company's nodes), order kept. */
export function visibleLevels(scope: Scope, levels: LevelRow[], storeChains: StoreLevels[]): LevelRow[] {
  if (!isRestricted(scope)) return levels;
  const byId = new Map(levels.map((l) => [l.id, l]));
  const children = new Map<number, number[]>();
  for (const l of levels) {
    if (l.pid !== null) children.set(l.pid, [...(children.get(l.pid) ?? []), l.id]);
  }
  const visible = new Set<number>();
  const addWithAncestors = (id: number | null) => {
    let node = id === null ? undefined : byId.get(id);
    while (node && !visible.has(node.id)) {
      visible.add(node.id);
      node = node.pid === null ? undefined : byId.get(node.pid);
    }
  };
  const granted = (scope.levelIds ?? []).filter((id) => byId.has(id));
  const stack = [...granted];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    addWithAncestors(id);
    stack.push(...(children.get(id) ?? []));
  }
  for (const chain of storeChains) {
    addWithAncestors(chain.city_level);
    addWithAncestors(chain.province_level);
    addWithAncestors(chain.area_level);
  }
  return levels.filter((l) => visible.has(l.id));
}
