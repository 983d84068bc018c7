import { type LoginResult, type Me, UserType } from '@storefleet/contracts';

/** The signed-in user as the console keeps it (spec §4): the sign-in result plus the chosen company. */
export interface Session {
  result: LoginResult;
  /** The company an agent-platform admin acts in (sent as the company header); null for other users. */
  companyId: string | null;
}

/** An agent admin starts in the first company of its map; other users act in their own company. */
export function defaultCompany(result: LoginResult): string | null {
  if (result.userType !== UserType.AGENT_CUSTOMER_ADMIN_USER) return null;
  return Object.keys(result.companyMap)[0] ?? null;
}

/** Folds a fresh `auth/me` reply into the session, keeping the token and a still-valid company choice. */
export function refreshFromMe(session: Session, me: Me): Session {
  const { companyId: meCompany, ...fields } = me;
  const result: LoginResult = { ...fields, accessToken: session.result.accessToken };
  const stillValid = session.companyId !== null && session.companyId in me.companyMap;
  const companyId = stillValid
    ? session.companyId
    : meCompany !== null && String(meCompany) in me.companyMap
      ? String(meCompany)
      : defaultCompany(result);
  return { result, companyId: result.userType === UserType.AGENT_CUSTOMER_ADMIN_USER ? companyId : null };
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Checks a decrypted value really is a session before the console trusts it. */
export function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const { result, companyId } = value as Record<string, unknown>;
  if (typeof result !== 'object' || result === null) return false;
  const r = result as Record<string, unknown>;
  return (
    typeof r.accessToken === 'string' &&
    r.accessToken !== '' &&
    isStringArray(r.authorities) &&
    isStringArray(r.buttonAuthorities) &&
    typeof r.username === 'string' &&
    typeof r.name === 'string' &&
    UserType.has(r.userType) &&
    typeof r.companyMap === 'object' &&
    r.companyMap !== null &&
    (companyId === null || typeof companyId === 'string')
  );
}
