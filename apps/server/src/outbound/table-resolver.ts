/**
 * A resolver that answers from a table instead of DNS: tests inject it (createTestApp) so no test asks
 * a real name server, and a name can be made to resolve to any address. `localhost` answers 127.0.0.1
 * unless the table says otherwise; any other name not in the table fails as DNS would (ENOTFOUND).
 */
import type { ResolveHost } from './outbound-policy';

export function tableResolver(table: Record<string, string[]> = {}): ResolveHost {
  const entries: Record<string, string[]> = { localhost: ['127.0.0.1'], ...table };
  return async (host) => {
    const found = entries[host.toLowerCase()];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
}
