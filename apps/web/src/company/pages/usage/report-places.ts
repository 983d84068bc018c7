/**
 * The places a usage report covers, from what its place picker holds. The picker (a Cascader showing
 * ticked parents) keeps a node whose children are all ticked as that node alone: a region stands for
 * all its provinces, a city for all its stores. The city report takes provinces and cities and the
 * store report takes stores (spec §7), so a ticked node is expanded here, from the picker's own
 * options, into the paths the report can send. Pure, so it is tested without a browser.
 */
import { storeIdOfPath } from '@/shared/org/region-path';
import type { ReportLevel } from './report-query';

/** A picker option: a level (region, province, city) or a store (`s<id>`), with what hangs below it. */
export interface PlaceOption {
  value: string;
  children?: readonly PlaceOption[];
}

/** Whether the report of `level` can send this path as it is. */
function sendable(level: ReportLevel, path: readonly string[]): boolean {
  const store = storeIdOfPath(path) !== null;
  // City report: a province (depth 2) or a city (depth 3); store report: a store at any depth.
  return level === 'store' ? store : !store && path.length >= 2;
}

/** The sendable paths at or below one option, in the options' order. */
function below(level: ReportLevel, path: readonly string[], option: PlaceOption): string[][] {
  if (sendable(level, path)) return [[...path]];
  return (option.children ?? []).flatMap((child) => below(level, [...path, child.value], child));
}

function optionAt(options: readonly PlaceOption[], path: readonly string[]): PlaceOption | null {
  let level: readonly PlaceOption[] = options;
  let found: PlaceOption | null = null;
  for (const step of path) {
    found = level.find((o) => o.value === step) ?? null;
    if (!found) return null;
    level = found.children ?? [];
  }
  return found;
}

/**
 * The picked paths as the report of `level` can send them: a ticked region, province or city becomes
 * every province/city (city report) or store (store report) below it; a path already sendable, or not
 * found in the options (still loading), is kept as it is. Duplicates are dropped.
 */
export function reportPlaces(
  level: ReportLevel,
  picked: readonly (readonly string[])[],
  options: readonly PlaceOption[],
): string[][] {
  if (level === 'area') return [];
  const out = new Map<string, string[]>();
  for (const path of picked) {
    const option = sendable(level, path) ? null : optionAt(options, path);
    const paths = option ? below(level, path, option) : [[...path]];
    for (const p of paths) out.set(p.join('.'), p);
  }
  return [...out.values()];
}
