/**
 * MAC addresses as match keys (docs/decisions/inventory.md "MAC matching"): any common notation —
 * `aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF`, Cisco `aabb.ccdd.eeff`, bare `aabbccddeeff` — reduces to
 * the same 12 lower-case hex digits. The inventory stores the key next to the text as written
 * (`inventory_records.mac_key`) and compares keys, never texts.
 */

/** Six octets with one separator (`:` or `-`) throughout, Cisco dotted, or 12 bare hex digits. */
const MAC_NOTATION =
  /^(?:[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}|(?:[0-9A-Fa-f]{4}\.){2}[0-9A-Fa-f]{4}|[0-9A-Fa-f]{12})$/;

/** The 12 lower-case hex digits of a MAC written in any accepted notation; null when it is not one. */
export function macKey(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (!MAC_NOTATION.test(trimmed)) return null;
  return trimmed.replace(/[:.-]/g, '').toLowerCase();
}

/** Whether `text` is a MAC in one of the accepted notations. */
export function isMacNotation(text: string): boolean {
  return macKey(text) !== null;
}

/** A key (12 hex digits) as `AA:BB:CC:DD:EE:FF`. */
export function formatMacKey(key: string): string {
  return (key.toUpperCase().match(/.{2}/g) ?? []).join(':');
}
