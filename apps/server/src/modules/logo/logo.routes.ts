/**
 * Logo calls (contracts `LogoEndpoints`). Files are served only to users of the uploading company,
 * with their recorded type, nosniff and a CSP that forbids everything, so even a mislabelled file can
 * never run as a page.
 */
import { LogoEndpoints as E, LOGO_LIMITS } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { imageReply } from '../../http/file-reply';
import { defineRoute } from '../../http/route';
import { readUpload } from '../../http/upload';
import { insertLogo, queryLogo, readIssuedLogo, updateLogo, uploadLogo } from './logo.service';

export function registerLogoRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.upload, async function upload({ request, scope, caller }) {
    const bytes = await readUpload(request, { maxBytes: LOGO_LIMITS.maxBytes });
    return uploadLogo(ctx.db, ctx.config.dataDir, scope, caller, bytes);
  });
  defineRoute(app, E.file, async function logoFile({ params, scope }) {
    const file = await readIssuedLogo(ctx.db, ctx.config.dataDir, scope, params.name);
    return imageReply(file.bytes, file.contentType, params.name);
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
