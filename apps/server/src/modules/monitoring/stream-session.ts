/**
 * Who a live-updates stream serves, and whether it still may: tickets are issued here for the
 * caller's session (ctx.auth.streamTickets), a stream request is turned into the credentials it runs on
 * (a ticket, consumed; or the Authorization header of a script), and those credentials are re-checked
 * while the stream runs — the same checks as every request (auth/authenticate.ts: token signature
 * and expiry, sign-out, status, token version, role) plus the stream's permission.
 */
import type { IncomingHttpHeaders } from 'node:http';

import {
  COMPANY_HEADER,
  type DeviceEventsQuery,
  type DeviceEventsTicket,
  MonitoringEndpoints,
} from '@storefleet/contracts';

import { authenticate, bearerToken, type Session } from '../../auth/authenticate';
import { type Caller, isRestricted } from '../../auth/caller';
import { allows } from '../../auth/codes';
import type { AppContext } from '../../context';
import { forbidden, invalid, unauthenticated } from '../../http/errors';
import { listStoreIdsInScope } from '../stores/stores.repository';

const TICKET_PATH = MonitoringEndpoints.eventsTicket.path;

/** What a stream's session is read from, again and again while it runs. */
export interface StreamCredentials {
  authorization: string;
  companyHeader: string | undefined;
  /** The token id the ticket was issued to, when the stream came with a ticket. */
  tokenId?: string;
}

/** Whose changes a stream may carry: a company (null: all) and, for a narrowed scope, its stores. */
export interface StreamAudience {
  session: Session;
  companyId: number | null;
  storeIds: ReadonlySet<number> | null;
}

/** A ticket for one stream of the caller's session, in the company it acts in now. */
export function issueStreamTicket(
  ctx: Pick<AppContext, 'auth' | 'config' | 'db'>,
  caller: Caller,
  authorization: string | undefined,
): DeviceEventsTicket {
  const accessToken = bearerToken(authorization);
  if (!accessToken) throw unauthenticated({ zh: '请先登录', en: 'Please sign in' });
  return ctx.auth.streamTickets.issue({
    userId: caller.userId,
    tokenId: caller.tokenId,
    accessToken,
    companyId: caller.companyId,
  });
}

/**
 * The credentials a stream request brings: `?ticket=` (consumed here, so a second use is refused)
 * or, for scripts that can send headers, the Authorization and x-company-id headers. An access
 * token in the URL is refused outright: URLs end up in logs.
 */
export function streamCredentials(
  ctx: Pick<AppContext, 'auth' | 'config' | 'db'>,
  rawQuery: unknown,
  query: DeviceEventsQuery,
  headers: IncomingHttpHeaders,
): StreamCredentials {
  if (rawQuery !== null && typeof rawQuery === 'object' && 'token' in rawQuery) {
    throw invalid('token', {
      zh: `不能放在 URL 中；请先通过 POST ${TICKET_PATH} 获取票据，再用 ?ticket= 打开数据流`,
      en: `is not accepted in the URL; ask POST ${TICKET_PATH} for a ticket and open the stream with ?ticket=`,
    });
  }
  if (query.ticket !== undefined) {
    const grant = ctx.auth.streamTickets.redeem(query.ticket);
    if (!grant)
      throw unauthenticated({
        zh: '数据流票据无效、已使用或已过期，请重新获取',
        en: 'This stream ticket is unknown, used or expired; ask for a new one',
      });
    return {
      authorization: `Bearer ${grant.accessToken}`,
      companyHeader: grant.companyId === null ? undefined : String(grant.companyId),
      tokenId: grant.tokenId,
    };
  }
  const header = headers[COMPANY_HEADER];
  return {
    authorization: headers.authorization ?? '',
    companyHeader: Array.isArray(header) ? header[0] : header,
  };
}

/**
 * The audience of a stream on `credentials`; 401 when the session ended (idle included), 403 when it
 * may not watch. `passive`: a re-check of an open stream, which does not count as use of the session.
 */
export async function streamAudience(
  ctx: Pick<AppContext, 'auth' | 'config' | 'db'>,
  credentials: StreamCredentials,
  options: { passive?: boolean } = {},
): Promise<StreamAudience> {
  const session = await authenticate(ctx.db, ctx.auth.tokens, {
    ...credentials,
    idleMinutes: ctx.config.sessionIdleMinutes,
    passive: options.passive ?? false,
  });
  const { caller, scope } = session;
  if (credentials.tokenId !== undefined && caller.tokenId !== credentials.tokenId) throw unauthenticated();
  if (!allows(caller, MonitoringEndpoints.events.permissions)) throw forbidden();
  const storeIds = isRestricted(scope) ? new Set(await listStoreIdsInScope(ctx.db, scope)) : null;
  return { session, companyId: scope.companyId, storeIds };
}
