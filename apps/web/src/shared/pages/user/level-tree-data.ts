/** The region → province → city tree as antd tree data, keyed by level id (as text, like areaCodes). */
import type { RegionLevelTreeNode } from '@storefleet/contracts';

export interface LevelTreeItem {
  value: string;
  key: string;
  title: string;
  children: LevelTreeItem[];
}

export function levelTreeData(nodes: readonly RegionLevelTreeNode[], lang: 'zh' | 'en'): LevelTreeItem[] {
  return nodes.map((n) => ({
    value: String(n.id),
    key: String(n.id),
    title: lang === 'en' && n.ename ? n.ename : n.name,
    children: levelTreeData(n.childLevel ?? [], lang),
  }));
}
