/**
 * The role editor's permission tree: antd tree data from the server's PermissionNode tree, and the
 * split of checked keys into menu codes (modules, pages) and button codes. A checked button or page
 * brings its page and module along, since a button is of no use without its menu.
 */
import type { PermissionNode } from '@storefleet/contracts';

import { type AppRoute, flattenRoutes } from '@/shared/routes/route-table';

export interface PermissionTreeItem {
  key: string;
  title: string;
  children: PermissionTreeItem[];
}

export function permissionTreeData(
  nodes: readonly PermissionNode[],
  lang: 'zh' | 'en',
): PermissionTreeItem[] {
  return nodes.map((n) => ({
    key: n.code,
    title: n.label[lang],
    children: permissionTreeData(n.children ?? [], lang),
  }));
}

/** Every menu code some page of the route table needs (its own and the codes of the entries above it). */
export function routeCodes(routes: readonly AppRoute[]): Set<string> {
  return new Set(flattenRoutes(routes).flatMap((r) => r.codes));
}

/**
 * The part of the tree the role editor offers: modules and pages whose codes a page of the route
 * table needs, with their buttons. Codes of pages still to come stay out of the editor (they appear
 * as their pages land); a role that already holds one keeps it, since saving splits the held codes
 * over the whole tree (`splitCodes`).
 */
export function offeredTree(
  nodes: readonly PermissionNode[],
  withPages: ReadonlySet<string>,
): PermissionNode[] {
  const out: PermissionNode[] = [];
  for (const n of nodes) {
    if (n.kind === 'button') {
      out.push(n);
    } else if (withPages.has(n.code)) {
      out.push({ ...n, children: offeredTree(n.children ?? [], withPages) });
    }
  }
  return out;
}

/** Codes grouped by kind. */
export function splitCodes(
  nodes: readonly PermissionNode[],
  codes: readonly string[],
): { authorities: string[]; buttonAuthorities: string[] } {
  const held = new Set(codes);
  const authorities: string[] = [];
  const buttonAuthorities: string[] = [];
  const walk = (list: readonly PermissionNode[]) => {
    for (const n of list) {
      if (held.has(n.code)) (n.kind === 'button' ? buttonAuthorities : authorities).push(n.code);
      walk(n.children ?? []);
    }
  };
  walk(nodes);
  return { authorities, buttonAuthorities };
}

/**
 * The codes after checking or unchecking one node (the tree is checked strictly, node by node):
 * checking adds the node and everything above it, unchecking removes the node and everything below.
 */
export function toggleCode(
  nodes: readonly PermissionNode[],
  codes: readonly string[],
  code: string,
  checked: boolean,
): string[] {
  const parent = new Map<string, string | null>();
  const byCode = new Map<string, PermissionNode>();
  const walk = (list: readonly PermissionNode[], up: string | null) => {
    for (const n of list) {
      parent.set(n.code, up);
      byCode.set(n.code, n);
      walk(n.children ?? [], n.code);
    }
  };
  walk(nodes, null);
  const next = new Set(codes);
  if (checked) {
    for (let c: string | null | undefined = code; c; c = parent.get(c)) next.add(c);
  } else {
    const drop = (n: PermissionNode | undefined) => {
      if (!n) return;
      next.delete(n.code);
      for (const child of n.children ?? []) drop(child);
    };
    drop(byCode.get(code));
  }
  return [...next];
}
