/** Level rows shaped as the three node forms of spec §3 (flat node, childLevel tree, childTreeDto tree). */
import type { AreaLevel, LevelTreeNode, RegionLevelNode, RegionLevelTreeNode } from '@storefleet/contracts';

import { formatDateTime } from '../../http/time';
import type { LevelRow } from './levels.repository';

/** The visible nodes of one company with parent/child links, for building any of the views. */
export class LevelForest {
  private readonly byId: Map<number, LevelRow>;
  private readonly children = new Map<number | null, LevelRow[]>();

  constructor(readonly levels: LevelRow[]) {
    this.byId = new Map(levels.map((l) => [l.id, l]));
    for (const l of levels) {
      const key = l.pid !== null && this.byId.has(l.pid) ? l.pid : null;
      this.children.set(key, [...(this.children.get(key) ?? []), l]);
    }
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  get(id: number): LevelRow | undefined {
    return this.byId.get(id);
  }

  /** Nodes directly below `id` (null: the regions). */
  childrenOf(id: number | null): LevelRow[] {
    return this.children.get(id) ?? [];
  }

  /** `id` and every node below it. */
  subtreeIds(id: number): number[] {
    const out: number[] = [];
    const stack = [id];
    while (stack.length > 0) {
      const next = stack.pop() as number;
      out.push(next);
      stack.push(...this.childrenOf(next).map((c) => c.id));
    }
    return out;
  }

  node(row: LevelRow): RegionLevelNode {
    return {
      id: row.id,
      name: row.name,
      ename: row.ename,
      pid: row.pid,
      parentFlag: this.childrenOf(row.id).length > 0 ? 1 : 0,
      treeID: this.path(row).join('-'),
      companyId: row.company_id,
      currentLevelId: row.level,
      createBy: row.created_by,
      createTime: formatDateTime(Number(row.created_at)),
      updateBy: row.updated_by,
      updateTime: formatDateTime(Number(row.updated_at)),
    };
  }

  /** listLevelTree: regions with childLevel down to cities. */
  regionTree(parent: number | null = null): RegionLevelTreeNode[] {
    return this.childrenOf(parent).map((row) => ({ ...this.node(row), childLevel: this.regionTree(row.id) }));
  }

  /** listLevelConfig: the editor's tree with childTreeDto. */
  configTree(parent: number | null = null): LevelTreeNode[] {
    return this.childrenOf(parent).map((row) => ({
      id: row.id,
      name: row.name,
      ename: row.ename,
      pid: row.pid,
      parentFlag: this.childrenOf(row.id).length > 0 ? 1 : 0,
      companyId: row.company_id,
      currentLevelId: row.level,
      childTreeDto: this.configTree(row.id),
    }));
  }

  areas(): AreaLevel[] {
    return this.childrenOf(null).map((row) => ({ id: row.id, name: row.name }));
  }

  private path(row: LevelRow): number[] {
    const ids = [row.id];
    let parent = row.pid === null ? undefined : this.byId.get(row.pid);
    while (parent) {
      ids.unshift(parent.id);
      parent = parent.pid === null ? undefined : this.byId.get(parent.pid);
    }
    return ids;
  }
}
