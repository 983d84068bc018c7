/** Headers every reply carries: no MIME sniffing, no framing by other sites, API replies never cached. */
import type { FastifyInstance } from 'fastify';

import { isApiPath } from './web';

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'same-origin');
    if (isApiPath(request.url.split('?')[0] ?? '') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
