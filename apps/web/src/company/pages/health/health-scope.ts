/**
 * What the health charts show, in words (pure, unit-tested): the places picked in the region filter by
 * their names in the region picker (regions, provinces and cities in the console's language, stores as
 * named). The charts average every device of the picked places (or of the whole scope).
 */
import type { RegionPath } from '@/shared/device/device-query';
import type { RegionOption } from '@/shared/org/region-path';

/** The name of each picked place: the label of its path's last step; a step not (yet) in the options shows as itself. */
export function pickedPlaceNames(options: readonly RegionOption[], paths: readonly RegionPath[]): string[] {
  return paths.map((path) => {
    let level: readonly RegionOption[] | undefined = options;
    let label: string | undefined;
    for (const step of path) {
      const option: RegionOption | undefined = level?.find((o) => o.value === step);
      if (!option) return path[path.length - 1] ?? '';
      label = option.label;
      level = option.children;
    }
    return label ?? '';
  });
}
