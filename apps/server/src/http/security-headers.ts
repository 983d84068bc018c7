/**
 * Headers every reply carries: no MIME sniffing, no framing, no referrer to other sites, API replies never cached.
 * Console pages (HTML outside /api) also get CONSOLE_CSP.
 */
import type { FastifyInstance } from 'fastify';

import { isApiPath } from './web';

/**
 * The console's Content-Security-Policy: only its own scripts, styles, images and calls.
 * `style-src 'unsafe-inline'` is needed because antd (CSS-in-JS) inserts `<style>` elements at run time
 * and index.html carries the inline no-flash background; a nonce would mean rewriting the page per request.
 * Inline styles cannot run script, and scripts stay limited to the console's own files.
 * `img-src data: blob:`: antd icons and images use data: URLs; the company logo is fetched with the
 * session token and shown through a blob: URL.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // Nothing in the product frames its own pages; DENY matches frame-ancestors 'none' for older browsers.
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    const api = isApiPath(request.url.split('?')[0] ?? '');
    if (api && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    // /api HTML (the Swagger UI at /api/docs) keeps its own needs; every other HTML is a console page.
    const type = String(reply.getHeader('content-type') ?? '');
    if (!api && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', CONSOLE_CSP);
    }
    return payload;
  });
}
