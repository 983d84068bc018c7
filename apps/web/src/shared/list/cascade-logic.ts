/**
 * The pure parts of `CascadePicker` (our own cascading list, used instead of antd's Cascader in filters
 * and forms): which columns show for an open path, the labels of a chosen path, and the checked state of a
 * multiple choice kept as antd's `SHOW_PARENT` keeps it (a fully checked branch is stored as its parent's
 * path only).
 */

export interface CascadeOption {
  value: string;
  label: string;
  /** Loaded or given children; absent for a leaf (or a node whose children are not loaded yet). */
  children?: CascadeOption[];
  /** `false`: children may still be loaded (`loadData`); `true` or absent without children: a leaf. */
  isLeaf?: boolean;
}

/** True when choosing this option ends the path (nothing below it, nothing to load). */
export function isLeafOption(option: CascadeOption): boolean {
  if (option.children && option.children.length > 0) return false;
  return option.isLeaf !== false;
}

/** The options along `path` (stops where a value is not found). */
export function optionsAlong(options: readonly CascadeOption[], path: readonly string[]): CascadeOption[] {
  const found: CascadeOption[] = [];
  let level: readonly CascadeOption[] | undefined = options;
  for (const value of path) {
    const option: CascadeOption | undefined = level?.find((o) => o.value === value);
    if (!option) break;
    found.push(option);
    level = option.children;
  }
  return found;
}

/** The columns an open picker shows for the active path: the roots, then the children of each step. */
export function columnsFor(
  options: readonly CascadeOption[],
  activePath: readonly string[],
): CascadeOption[][] {
  const columns: CascadeOption[][] = [[...options]];
  for (const option of optionsAlong(options, activePath)) {
    if (!option.children || option.children.length === 0) break;
    columns.push(option.children);
  }
  return columns;
}

/** The text of a chosen path (`Region / Province / City`); the raw values where labels are not known yet. */
export function pathLabel(options: readonly CascadeOption[], path: readonly string[]): string {
  const along = optionsAlong(options, path);
  return path.map((value, i) => along[i]?.label ?? value).join(' / ');
}

const samePath = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);
const startsWith = (path: readonly string[], prefix: readonly string[]) =>
  prefix.length <= path.length && prefix.every((v, i) => v === path[i]);

export type CheckState = 'checked' | 'partial' | 'unchecked';

/** Whether the option at `path` is checked (itself or through a checked parent), partly, or not. */
export function checkState(value: readonly (readonly string[])[], path: readonly string[]): CheckState {
  if (value.some((chosen) => startsWith(path, chosen))) return 'checked';
  if (value.some((chosen) => startsWith(chosen, path))) return 'partial';
  return 'unchecked';
}

/**
 * Checks or unchecks the option at `path` in a multiple choice, and returns the new choice in
 * `SHOW_PARENT` form: checking a node drops its descendants' paths and, when every sibling is then
 * checked, stores the parent instead; unchecking a node that was checked through a parent replaces that
 * parent by the node's still-checked relatives.
 */
export function toggleChecked(
  options: readonly CascadeOption[],
  value: readonly (readonly string[])[],
  path: readonly string[],
): string[][] {
  const state = checkState(value, path);
  let next = value.map((p) => [...p]);
  if (state === 'checked') {
    const holder = next.find((chosen) => startsWith(path, chosen));
    if (!holder) return next;
    next = next.filter((chosen) => chosen !== holder);
    // Re-add the siblings of each step between the checked holder and the node being unchecked.
    const along = optionsAlong(options, path);
    for (let depth = holder.length; depth < path.length; depth += 1) {
      const siblings = depth === 0 ? options : (along[depth - 1]?.children ?? []);
      for (const sibling of siblings) {
        if (sibling.value !== path[depth]) next.push([...path.slice(0, depth), sibling.value]);
      }
    }
    return next;
  }
  next = next.filter((chosen) => !startsWith(chosen, path));
  next.push([...path]);
  // Fold upwards: a parent whose children are all checked is kept as the parent alone.
  const along = optionsAlong(options, path);
  for (let depth = path.length - 1; depth >= 1; depth -= 1) {
    const parentPath = path.slice(0, depth);
    const children = along[depth - 1]?.children ?? [];
    const allChecked =
      children.length > 0 &&
      children.every((child) => next.some((chosen) => samePath(chosen, [...parentPath, child.value])));
    if (!allChecked) break;
    next = next.filter((chosen) => !startsWith(chosen, parentPath));
    next.push(parentPath);
  }
  return next;
}

/** The index after a move key in a column of `count` items (wraps like antd's menus). */
export function stepIndex(current: number, count: number, key: string): number {
  if (count === 0) return -1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === 'ArrowDown') return current < 0 ? 0 : (current + 1) % count;
  if (key === 'ArrowUp') return current < 0 ? count - 1 : (current - 1 + count) % count;
  return current;
}

/** The first option of a level whose label starts with (else contains) the typed text, ignoring case. */
export function findTyped(column: readonly CascadeOption[], text: string): CascadeOption | undefined {
  const wanted = text.toLocaleLowerCase();
  if (!wanted.trim()) return undefined;
  return (
    column.find((o) => o.label.toLocaleLowerCase().startsWith(wanted)) ??
    column.find((o) => o.label.toLocaleLowerCase().includes(wanted))
  );
}
