import type { AnyEndpoint } from '@storefleet/contracts';

import { usePermissions } from '@/shared/permissions/usePermissions';

/** Whether the user's codes satisfy an endpoint's rule (as the server checks it), to show its part of a page. */
export function useMayCall(): (endpoint: AnyEndpoint) => boolean {
  const { authorities, buttonAuthorities } = usePermissions();
  return (endpoint) => {
    const rule = endpoint.permissions;
    if (rule === 'public' || rule === 'authenticated') return true;
    const held = (code: string) => authorities.has(code) || buttonAuthorities.has(code);
    return 'any' in rule ? rule.any.some(held) : rule.every(held);
  };
}
