/**
 * Who may read the operator's endpoints, which are not console calls: `/metrics` (METRICS_TOKEN) and
 * the API documentation, `/api/docs` and `/api/openapi.json` (DOCS_TOKEN). Like the published demo
 * password (config.ts), they are open only while the server listens on loopback:
 *
 * - token set: the token is asked for, as `Authorization: Bearer <token>` or as the password of HTTP
 *   Basic (any user name: a browser asks for it by itself, so /api/docs can be opened without a tool);
 * - token unset, HOST loopback (the default): open, as before;
 * - token unset, HOST reachable from other machines: closed, 403 naming the variable that opens it.
 *
 * Never a token in the URL: the console refuses credentials there (request-log.ts).
 */
import { timingSafeEqual } from 'node:crypto';

import { ERRORS } from '@storefleet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { isLoopbackHost } from '../config';
import { failure } from './envelope';
import { requestLang } from './route';

export interface OperatorAccess {
  /** The environment variable that holds the token, named in the replies. */
  variable: 'METRICS_TOKEN' | 'DOCS_TOKEN';
  token: string | undefined;
  /** The server's HOST. */
  host: string;
  /** What the endpoint is, for the replies. */
  what: { zh: string; en: string };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The credential in `authorization`: a bearer token, or the password of HTTP Basic. */
function presented(authorization: string | undefined): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (bearer?.[1]) return bearer[1];
  const basic = /^Basic\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!basic?.[1]) return null;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/**
 * Lets the request through (true), or answers it with 401 (token set, not given) or 403 (closed) and
 * returns false.
 */
export function admitOperator(access: OperatorAccess, request: FastifyRequest, reply: FastifyReply): boolean {
  const zh = requestLang(request) === 'zh';
  if (access.token) {
    const given = presented(request.headers.authorization);
    if (given !== null && sameToken(given, access.token)) return true;
    void reply
      .status(ERRORS.UNAUTHENTICATED.status)
      .header('www-authenticate', `Basic realm="storefleet ${access.variable}", charset="UTF-8"`)
      .header('cache-control', 'no-store')
      .send(
        failure(
          'UNAUTHENTICATED',
          zh
            ? `需要 ${access.variable}：请在 Authorization 头中发送 Bearer <令牌>（浏览器中以令牌为密码登录）`
            : `${access.variable} is set: send it as "Authorization: Bearer <token>" (in a browser, sign in with the token as the password)`,
        ),
      );
    return false;
  }
  if (isLoopbackHost(access.host)) return true;
  void reply
    .status(ERRORS.FORBIDDEN.status)
    .header('cache-control', 'no-store')
    .send(
      failure(
        'FORBIDDEN',
        zh
          ? `${access.what.zh}已关闭：HOST=${access.host} 允许其他机器访问本服务器。设置 ${access.variable} 后可凭该令牌访问`
          : `${access.what.en} is closed: HOST=${access.host} lets other machines reach the server. Set ${access.variable} to open it to those who send that token`,
      ),
    );
  return false;
}
