/**
 * Serves the built web console (apps/web/dist) when it exists: the company application at `/`, the
 * admin application at `/admin/`. Console pages that are not files get the right application's
 * index.html, whose router shows the page or its not-found page (see isConsolePage). Everything else
 * unknown is a 404: the API's envelope under /api, plain text elsewhere. The files are listed once at
 * start-up (`wildcard: false`): rebuild the web, then restart the server.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { failure } from './envelope';

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Whether `path` is a page of a console application. Every page in the route tables (apps/web/src/company
 * and admin routes.tsx, plus sign.html) ends in `.html`; the application roots are `/`, `/admin` and
 * `/admin/`. Anything else (`/healthz`, `/favicon.txt`, `/device`) is not a page and gets a 404 rather than
 * the console with 200, so probes and scripts see the truth.
 */
export function isConsolePage(path: string): boolean {
  if (isApiPath(path)) return false;
  return path === '/' || path === '/admin' || path === '/admin/' || path.endsWith('.html');
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
    if (isApiPath(path)) {
      return reply
        .status(404)
        .send(failure('ROUTE_NOT_FOUND', `No such API call: ${request.method} ${path}`));
    }
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && isConsolePage(path);
    if (isPage && hasWeb) {
      const admin = hasAdmin && (path === '/admin' || path.startsWith('/admin/'));
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(admin ? 'admin/index.html' : 'index.html', { cacheControl: false });
    }
    const message = isPage
      ? 'Not found: the web console is not built (run `npm run build -w apps/web`, then restart the server)'
      : 'Not found';
    return reply.status(404).type('text/plain; charset=utf-8').send(`${message}\n`);
  });
}
