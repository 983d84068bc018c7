import { COMPANY_HEADER, encodeParams, UserType } from '@storefleet/contracts';

import { i18n } from '../i18n/i18n';
import { endSession, getSession } from '../session/session-store';
import { classifyReply } from './classify';
import { noticeTitle } from './notice-title';
import { showErrorNotice } from './notify';
import { sendWithProgress, type UploadProgress } from './upload-progress';

/** A scalar or list value of a query string or form body; empty values are left out. */
export type ParamValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Params = Record<string, ParamValue>;

export interface RequestOptions {
  /** Query-string parameters; lists are sent as repeated keys. */
  query?: Params;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body (spec §7: non-JSON bodies are query-style strings). */
  form?: Params;
  /** A multipart body (file uploads). */
  multipart?: FormData;
  /** 'blob' for downloads: a non-JSON reply is returned as a Blob instead of being read as an envelope. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  /** Called with the share of a multipart body sent so far (0 to 1): the upload is then sent by XHR. */
  onUploadProgress?: UploadProgress;
}

/** A failed call. `notified` tells callers whether a notice was already shown, so they don't repeat it. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly notified: boolean,
    /** The envelope's `data` of the failure (a 400 lists its failed fields in `data.fields`), else null. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** Encodes parameters, dropping empty values so the server sees only filters that were set. */
export { encodeParams };

function buildHeaders(options: RequestOptions): { headers: Headers; token: string | null } {
  // The server says its messages and names in the console's language (zh-CN unless English is chosen).
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': i18n.language || 'zh-CN' });
  const session = getSession();
  if (session) {
    headers.set('Authorization', `Bearer ${session.result.accessToken}`);
    if (session.result.userType === UserType.AGENT_CUSTOMER_ADMIN_USER && session.companyId) {
      headers.set(COMPANY_HEADER, session.companyId);
    }
  }
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  if (options.form) headers.set('Content-Type', 'application/x-www-form-urlencoded');
  return { headers, token: session?.result.accessToken ?? null };
}

function buildBody(options: RequestOptions): BodyInit | undefined {
  if (options.json !== undefined) return JSON.stringify(options.json);
  if (options.form) return encodeParams(options.form);
  return options.multipart;
}

/**
 * Calls the server and applies spec §8: resolves with the envelope's `data` (or a Blob for downloads);
 * otherwise shows the notice §8 prescribes, signs out on a 401, and rejects with a RequestError.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const query = options.query ? encodeParams(options.query).toString() : '';
  const url = query ? `${path}?${query}` : path;
  const { headers, token } = buildHeaders(options);
  let response: Response;
  try {
    response =
      options.onUploadProgress && options.multipart
        ? await sendWithProgress(
            method,
            url,
            headers,
            options.multipart,
            options.onUploadProgress,
            options.signal,
          )
        : await fetch(url, { method, headers, body: buildBody(options), signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = i18n.t('request.networkError');
    showErrorNotice({ title: message });
    throw new RequestError(message, 0, null, true);
  }

  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const binary = options.responseType === 'blob' && !isJson;
  let body: unknown;
  if (isJson) body = await response.json().catch(() => undefined);

  const outcome = classifyReply({
    status: response.status,
    titleOf: (code, status) => noticeTitle(code, status, i18n.t),
    body,
    binary,
    hadToken: token !== null,
    errorMessage: i18n.t('request.failedWithStatus', { status: response.status }),
  });
  switch (outcome.kind) {
    case 'data':
      return outcome.data as T;
    case 'binary':
      return (await response.blob()) as T;
    case 'failure':
      // A late 401 for a token that was already replaced by a new sign-in must not end the new session.
      if (outcome.signOut && getSession()?.result.accessToken === token) await endSession();
      if (outcome.notice) showErrorNotice(outcome.notice);
      throw new RequestError(
        outcome.message,
        outcome.status,
        outcome.code,
        outcome.notice !== null,
        typeof body === 'object' && body !== null && 'data' in body ? body.data : null,
      );
    default: {
      const unreachable: never = outcome;
      throw new Error(`unhandled reply ${JSON.stringify(unreachable)}`);
    }
  }
}

/** Shorthands for the four verbs the console uses. */
export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
