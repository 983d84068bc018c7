import { ERRORS, type ErrorCode } from '@storefleet/contracts';

/** Translates a `request.*` key (the console's i18n `t`). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Codes titled by status when a reply has no code of the catalogue (a proxy's 502, an odd 4xx …). */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'MALFORMED_BODY',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_ATTEMPTS',
  500: 'INTERNAL_ERROR',
};

const isErrorCode = (code: string | null): code is ErrorCode => code !== null && Object.hasOwn(ERRORS, code);

/**
 * The title of an error notice in the console's language: the envelope's code names the failure
 * (`request.title.CONFLICT`), else the HTTP status does; never the HTTP status text ("Conflict",
 * "Bad Request"), which browsers and servers send in English whatever language the console reads.
 */
export function noticeTitle(code: string | null, status: number, t: Translate): string {
  const known = isErrorCode(code) ? code : CODE_OF_STATUS[status];
  return known ? t(`request.title.${known}`) : t('request.title.status', { status });
}
