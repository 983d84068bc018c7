/** Which level ids a restricted scope reaches: the granted levels and every level below them. */

/** Ids of `grantedIds` and all their descendants among `levels` (a company's whole hierarchy). */
export function levelsReached(
  levels: readonly { id: number; pid: number | null }[],
  grantedIds: readonly number[],
): number[] {
  const children = new Map<number, number[]>();
  for (const level of levels) {
    if (level.pid === null) continue;
    const list = children.get(level.pid) ?? [];
    list.push(level.id);
    children.set(level.pid, list);
  }
  const reached = new Set<number>();
  const stack = [...grantedIds];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (reached.has(id)) continue;
    reached.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...reached];
}
