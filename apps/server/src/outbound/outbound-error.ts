/**
 * Why an outbound request or mail did not go through, classified: the caller sees the class (and an
 * HTTP status or SMTP reply code), never what the peer wrote, so a reply body cannot be read and a
 * peer's banner cannot tell an internal service apart.
 */
import type { Label } from '@storefleet/contracts';

export type OutboundFailure =
  | 'refused'
  | 'badAddress'
  | 'dns'
  | 'connectRefused'
  | 'timeout'
  | 'tls'
  | 'network'
  | 'httpStatus'
  | 'smtpAuth'
  | 'smtpRejected'
  | 'smtpProtocol';

export class OutboundError extends Error {
  override name = 'OutboundError';
  /** The message in both languages; `message` is its English text (what the delivery log stores). */
  readonly label: Label;

  constructor(
    readonly failure: OutboundFailure,
    label: Label,
  ) {
    super(label.en);
    this.label = label;
  }
}

export function dnsFailure(host: string): OutboundError {
  return new OutboundError('dns', {
    zh: `无法解析主机名 ${host}`,
    en: `the host name ${host} could not be resolved`,
  });
}

export function connectRefused(): OutboundError {
  return new OutboundError('connectRefused', { zh: '对方拒绝连接', en: 'the connection was refused' });
}

export function timedOut(): OutboundError {
  return new OutboundError('timeout', { zh: '对方未及时响应', en: 'the destination did not answer in time' });
}

export function tlsFailure(): OutboundError {
  return new OutboundError('tls', {
    zh: 'TLS 握手或证书校验失败',
    en: 'the TLS handshake or certificate check failed',
  });
}

export function networkFailure(): OutboundError {
  return new OutboundError('network', { zh: '连接中断或失败', en: 'the connection failed or was cut' });
}

/** A reply that is not 2xx: its status only (a 3xx says redirects are not followed). */
export function httpStatusFailure(status: number): OutboundError {
  if (status >= 300 && status < 400) {
    return new OutboundError('httpStatus', {
      zh: `服务商返回 HTTP ${status}（重定向；服务器不跟随重定向）`,
      en: `the provider answered HTTP ${status} (a redirect; the server does not follow redirects)`,
    });
  }
  return new OutboundError('httpStatus', {
    zh: `服务商返回 HTTP ${status}`,
    en: `the provider answered HTTP ${status}`,
  });
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNRESET_TIMEOUT', 'ABORT_ERR']);

/** A socket-level error (Node's `code`) as its class. */
export function classifySocketError(error: unknown): OutboundError {
  if (error instanceof OutboundError) return error;
  const code = String((error as { code?: unknown })?.code ?? '');
  if (code === 'ECONNREFUSED') return connectRefused();
  if (TIMEOUT_CODES.has(code)) return timedOut();
  if (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    code.startsWith('CERT_') ||
    /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code)
  ) {
    return tlsFailure();
  }
  return networkFailure();
}
