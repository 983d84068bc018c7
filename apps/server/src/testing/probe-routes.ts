/**
 * Probe routes for the HTTP core tests: each exercises one part of defineRoute (validation, parsing,
 * downloads, uploads, failures, permissions) without depending on a product module.
 */
import { PageQuery, sortQuery } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { AppError } from '../http/errors';
import { fileReply } from '../http/file-reply';
import { defineRoute } from '../http/route';

export const EchoBody = PageQuery.extend({
  ids: z.array(z.coerce.number().int()).max(1000).optional(),
  filter: z.object({ name: z.string().max(5) }).optional(),
});

/** Registers the /api/test/* probe routes. */
export function registerProbeRoutes(app: FastifyInstance): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/test/echo',
    summary: 'Echo',
    module: 'test',
    permissions: 'public',
    body: EchoBody,
    handler: async ({ body }) => body,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/test/items/:id',
    summary: 'Echo query',
    module: 'test',
    permissions: 'public',
    params: z.object({ id: z.coerce.number().int().positive('must be a positive id') }),
    query: z.object({ tags: z.array(z.string()).optional(), page: PageQuery.optional() }),
    handler: async ({ params, query }) => ({ id: params.id, ...query }),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/test/sorted',
    summary: 'Sorted list',
    module: 'test',
    permissions: 'public',
    query: sortQuery(['storeName', 'storeNo'], true),
    handler: async ({ query }) => query,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/test/download',
    summary: 'Download',
    module: 'test',
    permissions: 'public',
    handler: async () => fileReply(Buffer.from('a,b\n1,2\n'), 'text/csv', '门店 list.csv'),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/test/upload',
    summary: 'Upload',
    module: 'test',
    permissions: 'public',
    handler: async ({ request }) => {
      const file = await request.file();
      if (!file) throw new AppError('VALIDATION_FAILED', 'file: is required');
      const bytes = await file.toBuffer();
      return { name: file.filename, size: bytes.length };
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/test/boom',
    summary: 'Fails',
    module: 'test',
    permissions: 'public',
    handler: async () => {
      throw new Error('database password is hunter2');
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/test/admin-only',
    summary: 'Needs the user module',
    module: 'test',
    permissions: ['user-management', 'user:add'],
    handler: async ({ caller }) => caller.userName,
  });
}
