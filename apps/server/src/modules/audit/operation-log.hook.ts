/**
 * Records /api calls in the operation log once their reply has gone out: calls that change data,
 * sign-ins and refusals (contracts `isRecordedCall`), not reads.
 */
import { type AnyEndpoint, isRecordedCall, UNKNOWN_CALL } from '@storefleet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { isApiPath } from '../../http/web';
import { findAccountCompany } from '../auth/auth.repository';
import { requestData } from './mask';
import { OperationLogWriter } from './operation-log.writer';

declare module 'fastify' {
  interface FastifyInstance {
    operationLog: OperationLogWriter;
  }
  interface FastifyRequest {
    /** The account name a sign-in call tried (set by the sign-in route before it checks the password). */
    signInName?: string;
  }
}

/** Paths that are documentation, not operations. */
const NOT_LOGGED = /^\/api\/(docs(\/|$)|openapi\.json$)/;
const MAX_MESSAGE = 500;

/** Installs the recording hooks and decorates the app with its writer. Call before routes are declared. */
export function installOperationLog(app: FastifyInstance): void {
  const writer = new OperationLogWriter(app.ctx.db, app.log);
  app.decorate('operationLog', writer);
  const errorMessages = new WeakMap<FastifyRequest, string>();
  // The app's calls by method and path, read once every route is declared (a test app adds its own).
  let endpoints: Map<string, AnyEndpoint> | undefined;
  const endpointOf = (method: string, url: string | undefined) => {
    endpoints ??= new Map(app.apiRoutes.map((e) => [`${e.method} ${e.path}`, e]));
    return endpoints.get(`${method} ${url ?? ''}`);
  };

  // Failures are rendered as envelopes by then; keep their message for errorMsg.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      try {
        const message = (JSON.parse(payload) as { message?: unknown }).message;
        if (typeof message === 'string') errorMessages.set(request, message.slice(0, MAX_MESSAGE));
      } catch {
        // Not an envelope: nothing to keep.
      }
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!isApiPath(path) || NOT_LOGGED.test(path) || request.routeOptions.config.operationLog === false)
      return;
    const endpoint = endpointOf(request.method, request.routeOptions.url);
    if (!isRecordedCall(endpoint, request.method, reply.statusCode)) return;
    const meta = request.routeOptions.config.api;
    const caller = request.caller;
    const tried = caller ? undefined : await triedAccount(request.signInName);
    writer.push({
      company_id: caller?.companyId ?? tried?.companyId ?? null,
      api_name: meta?.summary ?? UNKNOWN_CALL,
      class_method: meta?.classMethod ?? `${request.method} ${path}`,
      req_data: requestData(request.query, request.body),
      req_url: path,
      status: reply.statusCode,
      error_msg: reply.statusCode >= 400 ? (errorMessages.get(request) ?? null) : null,
      // A client that hangs up before the reply leaves no address; one such entry must not sink its batch.
      ip_address: request.ip ?? '',
      user_id: caller?.userId ?? null,
      user_name: caller?.userName ?? tried?.userName ?? null,
      module_name: meta?.module ?? 'unknown',
      operation_time: Date.now(),
    });
  });

  app.addHook('onClose', async () => writer.flush());

  /**
   * A refused sign-in's account: its company's log when the name is an account's (null company: a
   * platform user's), else the platform's log; the name as typed either way (docs/decisions/server-core.md).
   * Looked up after the reply went out, so the refusal takes no longer for a known name.
   */
  async function triedAccount(name: string | undefined) {
    if (name === undefined) return undefined;
    const userName = name;
    try {
      const account = await findAccountCompany(app.ctx.db, name);
      return { companyId: account?.companyId ?? null, userName };
    } catch (error) {
      app.log.warn({ err: error }, 'could not look up the account of a refused sign-in');
      return { companyId: null, userName };
    }
  }
}
