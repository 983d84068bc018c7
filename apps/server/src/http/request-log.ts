/**
 * What the request log keeps of a request: method, URL, host and client address — never a header,
 * and never the value of a query parameter that looks like a credential (`?ticket=` of the
 * live-updates stream, a `?token=` an old console or a script still sends, `?password=` …): those
 * values are replaced by `[redacted]` before the line is written. Fastify logs every request's URL
 * at `info`, and whoever reads the logs must not be able to replay a session from them.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';
/** Query parameter names whose values are credentials (also `access_token`, `securityKey` …). */
const CREDENTIAL_NAME = /token|ticket|password|passwd|secret|key|auth|cookie|session/i;
/** Header paths pino blanks should any log line carry headers after all. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'x-api-key'].flatMap((name) => [
  `headers["${name}"]`,
  `req.headers["${name}"]`,
]);

/** `url` with the value of every credential-like query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return CREDENTIAL_NAME.test(decodeName(name)) && equals >= 0 ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, mark)}?${pairs.join('&')}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // Malformed escapes: judge the raw text.
    return name;
  }
}

/** Fastify's default `req` serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** `logger` with the request serializer above and header redaction; Fastify's own lines use it. */
export function withoutCredentials(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child(
    {},
    {
      serializers: { req: serializeRequest },
      redact: { paths: CREDENTIAL_HEADERS, censor: REDACTED },
    },
  );
}
