/**
 * One HTTP(S) request to a destination the outbound policy checked: the connection goes to the checked
 * address (Node's `lookup` option answers with it, so nothing resolves the name again), TLS still
 * names and verifies the host as typed, redirects are not followed, and the reply body is read and
 * dropped: the caller learns the status only.
 */
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

import type { Label } from '@storefleet/contracts';

import { classifySocketError, httpStatusFailure, OutboundError, timedOut } from './outbound-error';
import type { CheckedHost, OutboundPolicy } from './outbound-policy';

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** A lookup that answers every question with the checked address. */
function pinnedLookup(target: CheckedHost): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function badUrl(url: string, why: Label): OutboundError {
  return new OutboundError('badAddress', { zh: `${url}：${why.zh}`, en: `${url}: ${why.en}` });
}

/** Parses an http(s) URL or throws OutboundError('badAddress'). */
export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badUrl(text, { zh: '不是有效的 URL', en: 'is not a valid URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badUrl(text, { zh: '只允许 http:// 或 https://', en: 'only http:// and https:// are allowed' });
  }
  if (url.username !== '' || url.password !== '') {
    throw badUrl(text, {
      zh: '不能在 URL 中包含用户名或密码，请用请求头传递凭据',
      en: 'may not carry a user name or password; send credentials in a header',
    });
  }
  return url;
}

/**
 * Sends the request to `urlText` after the policy's check; resolves with the status when it is 2xx,
 * throws OutboundError otherwise (refused, DNS, connect refused, timeout, TLS, HTTP status N).
 */
export async function sendOutboundRequest(
  policy: OutboundPolicy,
  urlText: string,
  init: OutboundRequest,
): Promise<number> {
  const url = parseHttpUrl(urlText);
  const target = await policy.check(url.hostname);
  const https = url.protocol === 'https:';
  const headers = { ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  const options: RequestOptions = {
    hostname: target.host,
    port: url.port === '' ? (https ? 443 : 80) : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: init.method,
    headers,
    lookup: pinnedLookup(target),
    agent: false,
  };
  const status = await new Promise<number>((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)(options, (res) => {
      res.resume();
      res.on('error', () => {});
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    const timer = setTimeout(() => req.destroy(timedOut()), init.timeoutMs);
    req.on('error', (error) => reject(classifySocketError(error)));
    req.on('close', () => clearTimeout(timer));
    req.end(init.body);
  });
  if (status < 200 || status > 299) throw httpStatusFailure(status);
  return status;
}
