/** Lists are stored as JSON text (role codes, area and store ids); these read them back defensively. */

/** A stored list of ids; anything that is not a list of whole numbers reads as empty. */
export function readIdList(text: string | null | undefined): number[] {
  const value = parse(text);
  return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
}

/** A stored list of codes; non-string entries are dropped. */
export function readCodeList(text: string | null | undefined): string[] {
  const value = parse(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The JSON text to store for a list. */
export function writeList(list: readonly (string | number)[]): string {
  return JSON.stringify(list);
}

function parse(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
