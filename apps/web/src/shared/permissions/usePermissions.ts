import { useMemo } from 'react';

import { useSession } from '../session/useSession';
import { type CodeMatch, hasCodes } from './check';

export interface Permissions {
  /** Menu codes (modules and pages) of the sign-in result. */
  authorities: ReadonlySet<string>;
  /** Button codes of the sign-in result. */
  buttonAuthorities: ReadonlySet<string>;
  /** Whether the user holds the button codes: all of them, or with 'any' one of them. */
  canUse: (codes: readonly string[], match?: CodeMatch) => boolean;
  /** Whether the user holds the menu codes: all of them, or with 'any' one of them. */
  canView: (codes: readonly string[], match?: CodeMatch) => boolean;
}

const EMPTY: ReadonlySet<string> = new Set();

/** The signed-in user's permission codes and checks over them (spec §6). Nothing is held when signed out. */
export function usePermissions(): Permissions {
  const session = useSession();
  return useMemo(() => {
    const authorities = session ? new Set(session.result.authorities) : EMPTY;
    const buttonAuthorities = session ? new Set(session.result.buttonAuthorities) : EMPTY;
    return {
      authorities,
      buttonAuthorities,
      canUse: (codes, match = 'all') => hasCodes(buttonAuthorities, codes, match),
      canView: (codes, match = 'all') => hasCodes(authorities, codes, match),
    };
  }, [session]);
}
