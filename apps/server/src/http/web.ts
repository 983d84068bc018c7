/**
 * Serves the built web console (apps/web/dist) when it exists: the company application at `/`, the
 * admin application at `/admin/`. Any other GET outside /api that is not a file gets the right
 * application's index.html, whose router shows the page or its not-found page. The files are listed
 * once at start-up (`wildcard: false`): rebuild the web, then restart the server.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { failure } from './envelope';

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Registers static serving (when `webDist` holds a build) and the not-found handler for everything. */
export async function installWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  const hasAdmin = existsSync(join(webDist, 'admin', 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Vite names assets by content hash, so they never change; pages must be re-checked.
        const immutable = path.includes(`${join(webDist, 'assets')}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/\.(?!html?$)[a-z0-9]+$/i.test(path);
    if (hasWeb && !isApiPath(path) && isPage) {
      const admin = hasAdmin && (path === '/admin' || path.startsWith('/admin/'));
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(admin ? 'admin/index.html' : 'index.html', { cacheControl: false });
    }
    const message = isApiPath(path) ? `No such API call: ${request.method} ${path}` : 'Not found';
    return reply.status(404).send(failure('ROUTE_NOT_FOUND', message));
  });
}
