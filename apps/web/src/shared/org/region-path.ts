/**
 * What a region cascader path means: `[regionId, provinceId?, cityId?, 's<storeId>'?]`, ids as text
 * (a store step is prefixed with `s` so it never looks like a level id).
 */
export interface RegionSelection {
  areaLevel?: number;
  provinceLevel?: number;
  cityLevel?: number;
  shopId?: number;
}

/** The text value of a store step. */
export function storeStepOf(storeId: number): string {
  return `s${storeId}`;
}

/** Reads a path into the store filters and form fields it stands for; unknown steps are ignored. */
export function readRegionPath(path: readonly string[] | undefined): RegionSelection {
  const out: RegionSelection = {};
  const keys = ['areaLevel', 'provinceLevel', 'cityLevel'] as const;
  let depth = 0;
  for (const step of path ?? []) {
    const store = /^s([1-9]\d*)$/.exec(step);
    if (store?.[1]) {
      out.shopId = Number(store[1]);
      break;
    }
    const key = keys[depth];
    if (!key || !/^[1-9]\d*$/.test(step)) break;
    out[key] = Number(step);
    depth += 1;
  }
  return out;
}

/** The path of a store placed at the given levels (for editing a saved store). */
export function regionPathOf(levels: {
  areaLevel: number | null;
  provinceLevel: number | null;
  cityLevel: number | null;
}): string[] {
  const out: string[] = [];
  for (const id of [levels.areaLevel, levels.provinceLevel, levels.cityLevel]) {
    if (id === null) break;
    out.push(String(id));
  }
  return out;
}
