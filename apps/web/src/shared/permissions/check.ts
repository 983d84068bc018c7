/** How a list of required codes is matched: every code (the default, spec §6) or any one of them. */
export type CodeMatch = 'all' | 'any';

/**
 * Whether a user holding `held` satisfies `required`. No required codes means no restriction.
 * Spec §6: buttons need all their codes by default; optionally any one suffices.
 */
export function hasCodes(
  held: ReadonlySet<string>,
  required: readonly string[],
  match: CodeMatch = 'all',
): boolean {
  if (required.length === 0) return true;
  switch (match) {
    case 'all':
      return required.every((code) => held.has(code));
    case 'any':
      return required.some((code) => held.has(code));
    default: {
      const unreachable: never = match;
      throw new Error(`unknown code match ${String(unreachable)}`);
    }
  }
}
