/**
 * Graceful shutdown: once draining starts, new requests get 503 SHUTTING_DOWN while the ones already
 * running finish; then the app closes (its onClose hooks flush the operation log). Replies that never
 * finish by themselves (the live-updates stream) register with `onDraining` and end when draining
 * starts, so they do not hold the shutdown for the whole grace period.
 */
import { ERRORS } from '@storefleet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { failure } from './envelope';
import { requestLang } from './route';

interface DrainState {
  draining: boolean;
  inFlight: Set<FastifyRequest>;
  idle: Array<() => void>;
  drainListeners: Array<() => void>;
}

const states = new WeakMap<FastifyInstance, DrainState>();

/** Counts in-flight requests and refuses new ones while draining. Install before any other hook. */
export function installLifecycle(app: FastifyInstance): void {
  const state: DrainState = { draining: false, inFlight: new Set(), idle: [], drainListeners: [] };
  states.set(app, state);
  const done = (request: FastifyRequest) => {
    if (!state.inFlight.delete(request) || state.inFlight.size > 0) return;
    for (const resolve of state.idle.splice(0)) resolve();
  };
  app.addHook('onRequest', async (request, reply) => {
    if (state.draining) {
      reply.header('connection', 'close');
      return reply
        .status(ERRORS.SHUTTING_DOWN.status)
        .send(failure('SHUTTING_DOWN', ERRORS.SHUTTING_DOWN.message[requestLang(request)]));
    }
    state.inFlight.add(request);
  });
  app.addHook('onResponse', async (request) => done(request));
  app.addHook('onRequestAbort', async (request) => done(request));
}

/** Calls `listener` once when draining starts (before waiting for in-flight requests). */
export function onDraining(app: FastifyInstance, listener: () => void): void {
  states.get(app)?.drainListeners.push(listener);
}

/** Refuses new requests, waits for running ones (at most `graceMs`), then closes the app. */
export async function drainAndClose(app: FastifyInstance, graceMs: number): Promise<void> {
  const state = states.get(app);
  if (state && !state.draining) {
    state.draining = true;
    for (const listener of state.drainListeners.splice(0)) listener();
    if (state.inFlight.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        state.idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  await app.close();
}
