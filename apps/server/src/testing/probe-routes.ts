/**
 * Probe routes for the HTTP core tests: each exercises one part of defineRoute (validation, parsing,
 * downloads, uploads, failures, permissions) without depending on a product module. Their endpoints
 * live here, not in the contracts' catalogue: the product never calls them.
 */
import { endpoint, FILE_RESPONSE, PageQuery, SortDirection, sortQuery } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { AppError } from '../http/errors';
import { fileReply } from '../http/file-reply';
import { defineRoute } from '../http/route';

export const EchoBody = PageQuery.extend({
  ids: z.array(z.coerce.number().int()).max(1000).optional(),
  filter: z.object({ name: z.string().max(5) }).optional(),
});

const ItemsQuery = z.object({ tags: z.array(z.string()).optional(), page: PageQuery.optional() });
const SortedQuery = sortQuery(['storeName', 'storeNo'], true);

export const ProbeEndpoints = {
  echo: endpoint({
    method: 'POST',
    path: '/api/test/echo',
    summary: 'Echo',
    summaryZh: '测试：Echo',
    module: 'test',
    permissions: 'public',
    body: EchoBody,
    response: z.object({
      pageNum: z.number(),
      pageSize: z.number(),
      ids: z.array(z.number()).optional(),
      filter: z.object({ name: z.string() }).optional(),
    }),
  }),
  items: endpoint({
    method: 'GET',
    path: '/api/test/items/:id',
    summary: 'Echo query',
    summaryZh: '测试：Echo query',
    module: 'test',
    permissions: 'public',
    params: z.object({ id: z.coerce.number().int().positive('must be a positive id') }),
    query: ItemsQuery,
    response: z.object({
      id: z.number(),
      tags: z.array(z.string()).optional(),
      page: z.object({ pageNum: z.number(), pageSize: z.number() }).optional(),
    }),
  }),
  sorted: endpoint({
    method: 'GET',
    path: '/api/test/sorted',
    summary: 'Sorted list',
    summaryZh: '测试：Sorted list',
    module: 'test',
    permissions: 'public',
    query: SortedQuery,
    // sortQuery's type leaves both optional; with `required` the reply always holds them.
    response: z.object({ sortBy: z.string().optional(), sortDirection: SortDirection.optional() }),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/test/download',
    summary: 'Download',
    summaryZh: '测试：Download',
    module: 'test',
    permissions: 'public',
    response: FILE_RESPONSE,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/test/upload',
    summary: 'Upload',
    summaryZh: '测试：Upload',
    module: 'test',
    permissions: 'public',
    bodyEncoding: 'multipart',
    response: z.object({ name: z.string(), size: z.number() }),
  }),
  boom: endpoint({
    method: 'GET',
    path: '/api/test/boom',
    summary: 'Fails',
    summaryZh: '测试：Fails',
    module: 'test',
    permissions: 'public',
    response: z.null(),
  }),
  adminOnly: endpoint({
    method: 'GET',
    path: '/api/test/admin-only',
    summary: 'Needs the user module',
    summaryZh: '测试：Needs the user module',
    module: 'test',
    permissions: ['user-management', 'user:add'],
    response: z.string(),
  }),
};

/** Registers the /api/test/* probe routes. */
export function registerProbeRoutes(app: FastifyInstance): void {
  const E = ProbeEndpoints;
  defineRoute(app, E.echo, async function echo({ body }) {
    return body;
  });
  defineRoute(app, E.items, async function items({ params, query }) {
    return { id: params.id, ...query };
  });
  defineRoute(app, E.sorted, async function sorted({ query }) {
    return query;
  });
  defineRoute(app, E.download, async function download() {
    return fileReply(Buffer.from('a,b\n1,2\n'), 'text/csv', '门店 list.csv');
  });
  defineRoute(app, E.upload, async function upload({ request }) {
    const file = await request.file();
    if (!file) throw new AppError('VALIDATION_FAILED', 'file: is required');
    const bytes = await file.toBuffer();
    return { name: file.filename, size: bytes.length };
  });
  defineRoute(app, E.boom, async function boom() {
    throw new Error('database password is hunter2');
  });
  defineRoute(app, E.adminOnly, async function adminOnly({ caller }) {
    return caller.userName;
  });
}
