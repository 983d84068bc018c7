import type { MenuEntry } from '../routes/menu';
import { type FlatRoute, joinPath } from '../routes/route-table';

/** Every page link under `entries`, in menu order. */
function leafKeys(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => (entry.children ? leafKeys(entry.children) : [entry.key]));
}

function findGroup(entries: readonly MenuEntry[], key: string): MenuEntry | undefined {
  for (const entry of entries) {
    if (!entry.children) continue;
    if (entry.key === key) return entry;
    const deeper = findGroup(entry.children, key);
    if (deeper) return deeper;
  }
  return undefined;
}

/**
 * The menu entry to highlight for `page`: the page itself when the menu shows it; for a hidden page
 * (a store's page, device details, a monitor-screen drill-down, a form) the page of its module it
 * belongs to — the nearest `index.html` above it inside its group (`/stores/store/:id.html` →
 * `/stores/index.html`, `/config/alarm/details.html` → `/config/alarm/index.html`), else the group's
 * first page. Empty when the page is outside the menu's groups.
 */
export function menuKeyOf(entries: readonly MenuEntry[], page: FlatRoute | null): string {
  if (!page) return '';
  if (leafKeys(entries).includes(page.fullPath)) return page.fullPath;
  // The groups above the page, innermost first, by their full paths.
  const groupPaths: string[] = [];
  for (const route of page.trail.slice(0, -1)) groupPaths.unshift(joinPath(groupPaths[0] ?? '', route.path));
  for (const groupPath of groupPaths) {
    const group = findGroup(entries, groupPath);
    if (!group?.children) continue;
    const pages = leafKeys(group.children);
    for (let dir = page.fullPath; dir.length > groupPath.length; ) {
      dir = dir.slice(0, dir.lastIndexOf('/'));
      const index = `${dir}/index.html`;
      if (pages.includes(index)) return index;
    }
    if (pages[0]) return pages[0];
  }
  return '';
}
