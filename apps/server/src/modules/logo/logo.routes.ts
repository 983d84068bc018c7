/**
 * Logo calls (contracts `LogoEndpoints`). Files are served only to users of the uploading company,
 * with their recorded type, nosniff and a CSP that forbids everything, so even a mislabelled file can
 * never run as a page.
 */
import { LogoEndpoints as E, LOGO_LIMITS } from '@storefleet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { AppContext } from '../../context';
import { AppError, invalid } from '../../http/errors';
import { fileReply } from '../../http/file-reply';
import { defineRoute } from '../../http/route';
import { insertLogo, queryLogo, readIssuedLogo, updateLogo, uploadLogo } from './logo.service';

const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** The bytes of multipart field `file`; 413 naming the limit when it is too big. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw invalid('file', 'is required (send multipart/form-data with a field named file)');
  const part = await request.file({ limits: { fileSize: LOGO_LIMITS.maxBytes, files: 1 } });
  if (part?.fieldname !== 'file') throw invalid('file', 'is required (multipart field named file)');
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `file: must be at most 2 MiB (${LOGO_LIMITS.maxBytes} bytes)`);
    }
    throw error;
  }
}

export function registerLogoRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.upload, async function upload({ request, scope, caller }) {
    const bytes = await readUploadedFile(request);
    return uploadLogo(ctx.db, ctx.config.dataDir, scope, caller, bytes);
  });
  defineRoute(app, E.file, async function logoFile({ params, scope, reply }) {
    const file = await readIssuedLogo(ctx.db, ctx.config.dataDir, scope, params.name);
    reply.header('content-security-policy', FILE_CSP);
    reply.header('cache-control', 'private, max-age=86400');
    return fileReply(file.bytes, file.contentType, params.name);
  });
  defineRoute(app, E.insertLogImg, async function logImgInsert({ body, scope, caller }) {
    return insertLogo(ctx.db, scope, caller, body);
  });
  defineRoute(app, E.updateLogImg, async function logImgUpdate({ body, scope, caller }) {
    return updateLogo(ctx.db, scope, caller, body);
  });
  defineRoute(app, E.queryLogImg, async function logImgQuery({ query, scope }) {
    return queryLogo(ctx.db, scope, query.companyId);
  });
}
