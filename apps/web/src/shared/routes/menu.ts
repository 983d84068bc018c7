import { hasCodes } from '../permissions/check';
import { type AppRoute, flattenRoutes, joinPath } from './route-table';

/** One side-menu entry: a page link, an external link, or a group of entries. */
export interface MenuEntry {
  /** Full path inside the application (also the antd Menu key). */
  key: string;
  titleKey: string;
  icon?: AppRoute['icon'];
  /** Present for external links: the menu opens it in a new tab. */
  externalUrl?: string;
  /** Present for groups; never empty. */
  children?: MenuEntry[];
}

/**
 * Builds the side menu from a route table for a user holding `authorities` (spec §2/§6): entries whose
 * codes (and their parents' codes) are not all held are left out, hidden entries are left out, and a
 * group whose every child was left out disappears too, unless it has a page of its own.
 */
export function buildMenu(
  routes: readonly AppRoute[],
  authorities: ReadonlySet<string>,
  parentPath = '',
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of routes) {
    if (route.hidden || !hasCodes(authorities, route.codes ?? [])) continue;
    const key = route.externalUrl ?? joinPath(parentPath, route.path);
    const base: MenuEntry = { key, titleKey: route.titleKey, ...(route.icon ? { icon: route.icon } : {}) };
    if (route.externalUrl) {
      entries.push({ ...base, externalUrl: route.externalUrl });
      continue;
    }
    const children = route.children ? buildMenu(route.children, authorities, key) : [];
    if (children.length > 0) entries.push({ ...base, children });
    else if (route.page) entries.push(base);
  }
  return entries;
}

/**
 * Where the home path sends a user: a page marked `homeUnless` they may open and whose codes they lack,
 * else the first page they may open, in menu order. Null when none.
 */
export function firstPermittedPath(
  routes: readonly AppRoute[],
  authorities: ReadonlySet<string>,
): string | null {
  const open = flattenRoutes(routes).filter(
    (flat) => !flat.trail.some((r) => r.hidden) && hasCodes(authorities, flat.codes),
  );
  const home = open.find((flat) => flat.route.homeUnless?.every((code) => !authorities.has(code)));
  return (home ?? open[0])?.fullPath ?? null;
}

/** The keys of the groups above `key`, so the menu can open the group holding the current page. */
export function openGroupKeys(entries: readonly MenuEntry[], key: string): string[] {
  for (const entry of entries) {
    if (!entry.children) continue;
    if (entry.children.some((c) => c.key === key)) return [entry.key];
    const deeper = openGroupKeys(entry.children, key);
    if (deeper.length > 0) return [entry.key, ...deeper];
  }
  return [];
}
