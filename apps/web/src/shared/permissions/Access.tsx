import type { ReactNode } from 'react';

import { usePermissions } from './usePermissions';

export interface AccessProps {
  /** Button codes (`BUTTON.*` from the contracts) the children need. */
  codes: readonly string[];
  /** When set, any one of the codes suffices; by default all are required (spec §6). */
  any?: boolean;
  /** Rendered instead when the codes are not held; nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Shows its children only to users holding the button codes:
 * `<Access codes={[BUTTON.deviceAdd]}><Button>…</Button></Access>`. It hides, it does not protect:
 * the server refuses the call anyway.
 */
export function Access({ codes, any = false, fallback = null, children }: AccessProps) {
  const { canUse } = usePermissions();
  return <>{canUse(codes, any ? 'any' : 'all') ? children : fallback}</>;
}
