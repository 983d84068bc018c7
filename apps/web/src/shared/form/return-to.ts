/**
 * "After save, a form returns to the list it came from": list pages link to their forms with
 * `state={fromHere(location)}`, and the form reads it back with `returnPathOf`. Only an in-console
 * path is accepted, so a crafted state can never send the user elsewhere.
 */
export interface FromState {
  from: string;
}

/** The link state that remembers the current page (path and query: filters and page survive). */
export function fromHere(location: { pathname: string; search: string }): FromState {
  return { from: `${location.pathname}${location.search}` };
}

/** Where a form returns: the remembered page when it is a plain in-console path, else `fallback`. */
export function returnPathOf(state: unknown, fallback: string): string {
  if (typeof state !== 'object' || state === null) return fallback;
  const from = (state as { from?: unknown }).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\'))
    return fallback;
  return from;
}
