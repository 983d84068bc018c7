import { useSyncExternalStore } from 'react';

import type { Session } from './session';
import { getSession, subscribeSession } from './session-store';

/** The current session; components re-render on sign-in, sign-out, company switch and refresh. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
