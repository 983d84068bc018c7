/**
 * Logo calls under /api/user-service/log. Writes need the logo settings page and its button; the
 * query is open to every signed-in user of the company because the console header shows the logo.
 * Files are served only to users of the uploading company, with their recorded type, nosniff and a
 * CSP that forbids everything, so even a mislabelled file can never run as a page.
 */
import {
  BUTTON,
  CompanyLogoSchema,
  LOGO_LIMITS,
  LogoInsertBody,
  LogoQuery,
  LogoQueryResponse,
  LogoUpdateBody,
  LogoUploadResult,
  MODULE,
  PAGE,
} from '@storefleet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { AppError, invalid } from '../../http/errors';
import { fileReply } from '../../http/file-reply';
import { defineRoute } from '../../http/route';
import { insertLogo, queryLogo, readIssuedLogo, updateLogo, uploadLogo } from './logo.service';

const PREFIX = '/api/user-service/log';
const WRITE = [MODULE.settings, PAGE.logoSetting, BUTTON.logoUpdate];
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
  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/upload`,
    summary: 'Upload a logo image',
    module: 'logo',
    permissions: WRITE,
    response: LogoUploadResult,
    description:
      'multipart/form-data, field `file`: PNG, JPEG or WebP by content, ≤ 2 MiB, ≤ 4096×4096 pixels.',
    handler: async function upload({ request, scope, caller }) {
      const bytes = await readUploadedFile(request);
      return uploadLogo(ctx.db, ctx.config.dataDir, scope, caller, bytes);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/file/:name`,
    summary: 'An uploaded logo image',
    module: 'logo',
    permissions: 'authenticated',
    params: z.object({ name: z.string().max(64) }),
    handler: async function logoFile({ params, scope, reply }) {
      const file = await readIssuedLogo(ctx.db, ctx.config.dataDir, scope, params.name);
      reply.header('content-security-policy', FILE_CSP);
      reply.header('cache-control', 'private, max-age=86400');
      return fileReply(file.bytes, file.contentType, params.name);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/company/logImg/insert`,
    summary: 'Set a company logo',
    module: 'logo',
    permissions: WRITE,
    body: LogoInsertBody,
    response: CompanyLogoSchema,
    handler: async function logImgInsert({ body, scope, caller }) {
      return insertLogo(ctx.db, scope, caller, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/company/logImg/update`,
    summary: 'Change a company logo',
    module: 'logo',
    permissions: WRITE,
    body: LogoUpdateBody,
    response: CompanyLogoSchema,
    handler: async function logImgUpdate({ body, scope, caller }) {
      return updateLogo(ctx.db, scope, caller, body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/company/logImg/query`,
    summary: 'The company logo',
    module: 'logo',
    permissions: 'authenticated',
    query: LogoQuery,
    response: LogoQueryResponse,
    handler: async function logImgQuery({ query, scope }) {
      return queryLogo(ctx.db, scope, query.companyId);
    },
  });
}
