/**
 * The one error handler: every failure leaves in the envelope with the catalogue's status. Expected
 * failures (AppError, unreadable requests) say what to fix; anything else is a 500 with a generic
 * message, its details only in the log.
 */
import { ERRORS, type ErrorCode, type Label } from '@storefleet/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { failure } from './envelope';
import { AppError, databaseUnavailable, invalidFields } from './errors';
import { requestLang } from './route';
import { fieldPath } from './validation';

/** Fastify's own request errors, by their code. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; message?: Label }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: { zh: '请求内容超过 1 MiB', en: 'The request body is larger than 1 MiB' },
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'MALFORMED_BODY',
    message: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'MALFORMED_BODY' },
};

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'MALFORMED_BODY',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_ATTEMPTS',
};

/** The AppError a thrown value stands for; undefined for unexpected failures. */
export function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) {
    return invalidFields(
      error.issues.map((i) => ({ field: fieldPath(i.path, 'value'), message: i.message })),
    );
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return new AppError(known.code, known.message);
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Other client errors raised by Fastify or its plugins: their (English) messages describe the
    // request; the Chinese console gets the catalogue's message for the status.
    const code = BY_STATUS[status] ?? 'MALFORMED_BODY';
    return new AppError(code, {
      zh: ERRORS[code].message.zh,
      en: fastifyError.message || ERRORS[code].message.en,
    });
  }
  return undefined;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const known = asAppError(error);
    const lang = requestLang(request);
    if (!known) {
      request.log.error({ err: error }, 'unexpected failure');
      return reply
        .status(ERRORS.INTERNAL_ERROR.status)
        .send(failure('INTERNAL_ERROR', ERRORS.INTERNAL_ERROR.message[lang]));
    }
    if (known.code === 'DATABASE_UNAVAILABLE' && known !== error) {
      // The driver's own words say which database and why: for the operator, never for the caller.
      request.log.warn({ err: error }, 'database not answering: request refused with 503');
    } else {
      request.log.debug({ code: known.code, message: known.message }, 'request refused');
    }
    reply.headers(known.headers);
    return reply.status(known.status).send(failure(known.code, known.messageIn(lang), known.dataIn(lang)));
  });
}
